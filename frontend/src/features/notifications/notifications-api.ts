import type {
  ApiSuccess,
  NotificationListResponse,
  NotificationResponse,
  notificationSettingsBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';

/** SPEC §9: poll every 10 seconds; the dropdown shows at most 15. */
export const NOTIFICATION_POLL_MS = 10_000;
export const DROPDOWN_LIMIT = 15;
/** One page of the full list. */
export const PAGE_LIMIT = 50;

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

export interface NotificationFeed {
  items: AppNotification[];
  /** The server's count of every unread notification (not only this page's). */
  unread: number;
  /** How many the member has in all, and so how many pages of PAGE_LIMIT there are. */
  total: number;
  page: number;
  totalPages: number;
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

type ListBody = ApiSuccess<NotificationListResponse> & {
  unread_count?: number;
  total?: number;
  page?: number;
};

/** Newest first; the unread count and the total from the server when it sends them. */
const toFeed = (body: ListBody): NotificationFeed => {
  const items = body.data
    .map(toNotification)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return {
    items,
    unread:
      typeof body.unread_count === 'number'
        ? body.unread_count
        : items.filter((n) => !n.isRead).length,
    total: typeof body.total === 'number' ? body.total : items.length,
    page: typeof body.page === 'number' ? body.page : 1,
    totalPages: Math.max(1, Math.ceil((body.total ?? items.length) / PAGE_LIMIT)),
  };
};

/** Trade e-mail kinds a member can turn off (My Account, Settings). */
export type EmailKind =
  | 'exchange-received'
  | 'exchange-accepted'
  | 'exchange-completed'
  | 'exchange-deadlines'
  | 'subscription';
export type EmailPreferences = Partial<Record<EmailKind, boolean>>;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page (1-based, PAGE_LIMIT each; `page` and `limit` as the service reads them). */
    getNotifications: build.query<NotificationFeed, { userId: string; page?: number }>({
      query: ({ userId, page = 1 }) => ({
        url: `/notifications/user/${encodeURIComponent(userId)}`,
        params: { page, limit: PAGE_LIMIT },
      }),
      transformResponse: toFeed,
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'PUT' }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: '/notifications/read-all', method: 'PUT' }),
      invalidatesTags: ['Notifications'],
    }),
    getEmailPreferences: build.query<EmailPreferences, void>({
      query: () => ({ url: '/notifications/settings' }),
      transformResponse: (body: ApiSuccess<{ email: EmailPreferences }>) => body.data.email,
      providesTags: ['Notifications'],
    }),
    setEmailPreference: build.mutation<EmailPreferences, EmailPreferences>({
      query: (email) => ({
        url: '/notifications/settings',
        method: 'PUT',
        body: { email } satisfies RequestBody<typeof notificationSettingsBody>,
      }),
      transformResponse: (body: ApiSuccess<{ email: EmailPreferences }>) => body.data.email,
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetEmailPreferencesQuery,
  useSetEmailPreferenceMutation,
} = notificationsApi;
