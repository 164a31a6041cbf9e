import { Link, useLocation } from 'react-router-dom';
import { AccountSettings } from '../../features/account/components/account-settings';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel';
import { usePageTitle } from '../../lib/page-title';

/** /my-account: #settings (default) and #notifications, composed from two features. */
export default function MyAccountPage() {
  const { hash } = useLocation();
  const section = hash === '#notifications' ? 'notifications' : 'settings';
  usePageTitle(section === 'notifications' ? 'Notifications' : 'My Account');
  return (
    <div className="page account-page">
      <h1 className="page__title">My Account</h1>
      <div className="tabs" role="tablist" aria-label="Account sections">
        <Link
          to="#settings"
          role="tab"
          aria-selected={section === 'settings'}
          className={`tab${section === 'settings' ? ' tab--active' : ''}`}
        >
          Settings
        </Link>
        <Link
          to="#notifications"
          role="tab"
          aria-selected={section === 'notifications'}
          className={`tab${section === 'notifications' ? ' tab--active' : ''}`}
        >
          Notifications
        </Link>
      </div>
      <div id={section}>
        {section === 'notifications' ? <NotificationsPanel /> : <AccountSettings />}
      </div>
    </div>
  );
}
