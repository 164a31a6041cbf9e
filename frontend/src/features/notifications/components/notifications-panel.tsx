import { InlineLoading } from '../../../components/loading-screen';
import { useNotifications } from '../use-notifications';
import { NotificationList } from './notification-list';

/** The full list, for /notifications and /my-account#notifications. */
export function NotificationsPanel() {
  const { items, subscribed, open, loading } = useNotifications({ poll: true });
  return (
    <section className="panel" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading" className="panel__title">
        Notifications
      </h2>
      {loading ? (
        <InlineLoading />
      ) : (
        <NotificationList items={items} subscribed={subscribed} onOpen={open} />
      )}
    </section>
  );
}
