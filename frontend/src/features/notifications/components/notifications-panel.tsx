import { InlineLoading } from '../../../components/loading-screen';
import { useNotifications } from '../use-notifications';
import { NotificationList } from './notification-list';

/** The full list, for /notifications and /my-account#notifications. */
export function NotificationsPanel() {
  const { items, unread, subscribed, open, loading, readAll, markingAll } = useNotifications({
    poll: true,
  });
  return (
    <section className="panel" aria-labelledby="notifications-heading">
      <div className="panel__header">
        <h2 id="notifications-heading" className="panel__title">
          Notifications
        </h2>
        {unread > 0 && (
          <button type="button" className="btn btn--ghost" onClick={readAll} disabled={markingAll}>
            Mark all as read
          </button>
        )}
      </div>
      {loading ? (
        <InlineLoading />
      ) : (
        <NotificationList items={items} subscribed={subscribed} onOpen={open} />
      )}
    </section>
  );
}
