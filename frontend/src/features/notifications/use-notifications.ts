import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast, useUserId } from '../../app/hooks';
import { useLiveStreamUp } from '../../app/live-stream';
import { memberApi, useGetProfileQuery } from '../../app/member-api';
import { logFailure } from '../../lib/log';
import { NotificationMessages, notificationTarget } from './notification-rules';
import {
  NOTIFICATION_POLL_MS,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  type AppNotification,
} from './notifications-api';

/**
 * The member's notifications: pushed over the live stream, and polled every 10 s while the stream
 * is down (SPEC §9). A failing call is logged and reads as an empty list (SPEC §8): the bell and
 * the list never break the page.
 */
export function useNotifications({
  poll = true,
  page = 1,
}: { poll?: boolean; page?: number } = {}) {
  const userId = useUserId();
  const navigate = useNavigate();
  const toast = useToast();
  const live = useLiveStreamUp();
  const { data: profile } = useGetProfileQuery(undefined, { skip: !userId });
  const query = useGetNotificationsQuery(
    { userId: userId ?? '', page },
    {
      skip: !userId,
      pollingInterval: poll && !live ? NOTIFICATION_POLL_MS : 0,
      skipPollingIfUnfocused: true,
    },
  );
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();
  const [loadBooth] = memberApi.useLazyGetMyBoothQuery();

  useEffect(() => {
    if (query.error) logFailure('notifications could not be loaded', query.error);
  }, [query.error]);

  const items = query.error ? [] : (query.data?.items ?? []);
  const unread = query.error ? 0 : (query.data?.unread ?? 0);

  const open = useCallback(
    (n: AppNotification) => {
      try {
        if (!n.isRead) {
          markRead(n.id)
            .unwrap()
            .catch((err: unknown) => logFailure('notification could not be marked read', err));
        }
        const target = notificationTarget(n);
        if (target.kind === 'proposal')
          navigate(`/proposal/${encodeURIComponent(target.proposalId)}`);
        else if (target.kind === 'listing')
          navigate(`/listings/${encodeURIComponent(target.slug)}`);
        else if (target.kind === 'circle')
          navigate(`/circles/${encodeURIComponent(target.circleId)}`);
        else if (target.kind === 'messages')
          navigate(`/messages?proposal=${encodeURIComponent(target.proposalId)}`);
        else if (target.kind === 'my-store' && userId)
          loadBooth(userId, true)
            .unwrap()
            .then((booth) => navigate(`/my-store/${encodeURIComponent(booth.username)}`))
            .catch((err: unknown) => logFailure('store could not be opened', err));
        else if (target.kind === 'error') toast(target.message, 'error');
      } catch (err) {
        logFailure('notification could not be opened', err);
        toast(NotificationMessages.failed, 'error');
      }
    },
    [markRead, navigate, toast, loadBooth, userId],
  );

  const readAll = useCallback(() => {
    markAll()
      .unwrap()
      .catch((err: unknown) => {
        logFailure('notifications could not be marked read', err);
        toast(NotificationMessages.failed, 'error');
      });
  }, [markAll, toast]);

  return {
    items,
    unread,
    page: query.data?.page ?? page,
    totalPages: query.error ? 1 : (query.data?.totalPages ?? 1),
    loading: query.isLoading,
    subscribed: profile?.subscribed ?? false,
    open,
    readAll,
    markingAll: markAllState.isLoading,
  };
}
