import type {
  ApiSuccess,
  NotificationListResponse,
  NotificationResponse,
} from '@swapbooth/contracts';
import { api } from '../../app/api';

/** SPEC §9: poll every 10 seconds; the dropdown shows at most 15. */
export const NOTIFICATION_POLL_MS = 10_000;
export const DROPDOWN_LIMIT = 15;

export interface AppNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  /** The raw `data` JSON text (it carries proposal_id). */
  data: string;
  isRead: boolean;
  createdAt: string;
}

export const toNotification = (n: NotificationResponse): AppNotification => ({
  id: n.notification_id,
  type: n.type,
  title: n.title,
  message: n.message,
  data: n.data,
  isRead: n.is_read,
  createdAt: n.created_at,
});

/** Newest first. */
const newestFirst = ({ data }: ApiSuccess<NotificationListResponse>): AppNotification[] =>
  data
    .map(toNotification)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<AppNotification[], string>({
      query: (userId) => ({ url: `/notifications/user/${encodeURIComponent(userId)}` }),
      transformResponse: newestFirst,
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'PUT' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationReadMutation } = notificationsApi;
