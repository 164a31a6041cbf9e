import { timeAgo } from '../../../lib/format';
import { notificationImage, visibleMessage } from '../notification-rules';
import type { AppNotification } from '../notifications-api';

export function NotificationList({
  items,
  subscribed,
  onOpen,
}: {
  items: AppNotification[];
  subscribed: boolean;
  onOpen(n: AppNotification): void;
}) {
  if (items.length === 0) {
    return <p className="notification-list__empty">You have no notifications yet.</p>;
  }
  return (
    <ul className="notification-list">
      {items.map((n) => {
        const image = notificationImage(n);
        return (
          <li key={n.id}>
            <button
              type="button"
              className={`notification${n.isRead ? '' : ' notification--unread'}`}
              onClick={() => onOpen(n)}
            >
              {image && (
                <img
                  className="notification__image"
                  src={image}
                  alt=""
                  width={48}
                  height={48}
                  style={{ borderRadius: 6, objectFit: 'cover' }}
                />
              )}
              <span className="notification__title">{n.title || 'Notification'}</span>
              <span className="notification__message">{visibleMessage(n, subscribed)}</span>
              <span className="notification__time">{timeAgo(n.createdAt)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
