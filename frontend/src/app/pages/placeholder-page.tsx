import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/page-title';

/** Routes of the spec whose screens come in a later release. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="page page--narrow">
      <div className="empty-state">
        <h1 className="empty-state__title">{title}</h1>
        <p>
          This part of Swapbooth is on its way. In the meantime, keep browsing and adding listings
          to your bag.
        </p>
        <Link className="btn btn--primary" to="/listings">
          Browse listings
        </Link>
      </div>
    </div>
  );
}
