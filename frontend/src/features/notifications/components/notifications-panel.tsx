import { useState } from 'react';
import { InlineLoading } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';
import { useNotifications } from '../use-notifications';
import { NotificationList } from './notification-list';

/** The full list, for /notifications and /my-account#notifications: 50 a page, newest first. */
export function NotificationsPanel() {
  const [page, setPage] = useState(1);
  const { items, unread, subscribed, open, loading, readAll, markingAll, totalPages } =
    useNotifications({ poll: true, page });
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
        <>
          <NotificationList items={items} subscribed={subscribed} onOpen={open} />
          <Pager page={page} totalPages={totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
