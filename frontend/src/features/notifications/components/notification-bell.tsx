import { Link } from 'react-router-dom';
import { Dropdown } from '../../../components/dropdown';
import { BellIcon } from '../../../components/icons';
import { DROPDOWN_LIMIT } from '../notifications-api';
import { useNotifications } from '../use-notifications';
import { NotificationList } from './notification-list';

/** Top-bar bell: unread count and the 15 latest notifications. */
export function NotificationBell() {
  const { items, unread, subscribed, open } = useNotifications();
  return (
    <Dropdown
      className="notification-bell"
      label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      trigger={
        <>
          <BellIcon />
          {unread > 0 && <span className="count-badge">{unread > 99 ? '99+' : unread}</span>}
        </>
      }
    >
      {(close) => (
        <div className="dropdown-card">
          <div className="dropdown-card__header">
            <strong>Notifications</strong>
            <Link to="/my-account#notifications" onClick={close}>
              See all
            </Link>
          </div>
          <NotificationList
            items={items.slice(0, DROPDOWN_LIMIT)}
            subscribed={subscribed}
            onOpen={(n) => {
              close();
              open(n);
            }}
          />
        </div>
      )}
    </Dropdown>
  );
}
