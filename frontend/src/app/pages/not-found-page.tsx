import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/page-title';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="page page--narrow">
      <div className="empty-state">
        <h1 className="empty-state__title">We couldn&apos;t find that page</h1>
        <p>The link may be broken or the page may have moved.</p>
        <Link className="btn btn--primary" to="/">
          Go home
        </Link>
      </div>
    </div>
  );
}
