import { z } from 'zod';

/**
 * SPEC §3 notification, as GET /api/notifications/user/{id} lists them (`data` is the list; the
 * answer also carries `unread_count`, `total`, `page` and `limit` beside it). For a member without
 * an active or trialing subscription an `exchange_proposal` message is the SPEC §6 text.
 */
export const notificationResponse = z.strictObject({
  notification_id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** JSON text; proposal notifications carry `proposal_id`. */
  data: z.string(),
  is_read: z.boolean(),
  created_at: z.string().min(1),
});
export type NotificationResponse = z.infer<typeof notificationResponse>;

export const notificationListResponse = z.array(notificationResponse);
export type NotificationListResponse = z.infer<typeof notificationListResponse>;
