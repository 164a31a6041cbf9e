import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast, useUserId } from '../../app/hooks';
import { useGetProfileQuery } from '../../app/member-api';
import { logFailure } from '../../lib/log';
import { notificationTarget } from './notification-rules';
import {
  NOTIFICATION_POLL_MS,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  type AppNotification,
} from './notifications-api';

/**
 * The member's notifications, polled every 10 s. A failing call is logged and reads as an empty
 * list (SPEC §8): the bell and the list never break the page.
 */
export function useNotifications({ poll = true }: { poll?: boolean } = {}) {
  const userId = useUserId();
  const navigate = useNavigate();
  const toast = useToast();
  const { data: profile } = useGetProfileQuery(undefined, { skip: !userId });
  const query = useGetNotificationsQuery(userId ?? '', {
    skip: !userId,
    pollingInterval: poll ? NOTIFICATION_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [markRead] = useMarkNotificationReadMutation();

  useEffect(() => {
    if (query.error) logFailure('notifications could not be loaded', query.error);
  }, [query.error]);

  const items = query.error ? [] : (query.data ?? []);
  const unread = items.filter((n) => !n.isRead).length;

  const open = useCallback(
    (n: AppNotification) => {
      if (!n.isRead) {
        markRead(n.id)
          .unwrap()
          .catch((err: unknown) => logFailure('notification could not be marked read', err));
      }
      const target = notificationTarget(n);
      if (target.kind === 'proposal')
        navigate(`/proposal/${encodeURIComponent(target.proposalId)}`);
      else if (target.kind === 'error') toast(target.message, 'error');
    },
    [markRead, navigate, toast],
  );

  return {
    items,
    unread,
    loading: query.isLoading,
    subscribed: profile?.subscribed ?? false,
    open,
  };
}
