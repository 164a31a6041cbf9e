import { api } from '../../app/api';
import { unwrap } from '../../app/http';

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

type Raw = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function toNotification(input: unknown): AppNotification {
  const n = (input ?? {}) as Raw;
  return {
    id: s(n.notification_id ?? n.id),
    type: s(n.type),
    title: s(n.title),
    message: s(n.message),
    data: typeof n.data === 'string' ? n.data : n.data ? JSON.stringify(n.data) : '',
    isRead: n.is_read === true,
    createdAt: s(n.created_at),
  };
}

function listOf(body: unknown): AppNotification[] {
  const d = unwrap<unknown>(body);
  const list = Array.isArray(d)
    ? d
    : Array.isArray((d as Raw)?.notifications)
      ? ((d as Raw).notifications as unknown[])
      : [];
  return list
    .map(toNotification)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<AppNotification[], string>({
      query: (userId) => ({ url: `/notifications/user/${encodeURIComponent(userId)}` }),
      transformResponse: listOf,
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'PUT' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationReadMutation } = notificationsApi;
