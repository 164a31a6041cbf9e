import { z } from 'zod';

/**
 * SPEC §3 notification, as GET /api/notifications/user/{id} lists them. The notification service
 * has no HTTP routes yet: this is the shape the web client reads, for that service to answer with
 * (and to test against) when its routes land.
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
