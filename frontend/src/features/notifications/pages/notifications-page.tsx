import { Link } from 'react-router-dom';
import { useUserId } from '../../../app/hooks';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../lib/page-title';
import { NotificationsPanel } from '../components/notifications-panel';

export default function NotificationsPage() {
  usePageTitle('Notifications');
  const userId = useUserId();
  return (
    <div className="page page--narrow">
      {userId ? (
        <NotificationsPanel />
      ) : (
        <EmptyState title="Sign in to see your notifications">
          <Link className="btn btn--primary" to="/authenticate">
            Sign In
          </Link>
        </EmptyState>
      )}
    </div>
  );
}
