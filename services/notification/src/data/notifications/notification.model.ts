import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One notification of one member. `_id` is its uniqueness key (event id, or proposal + type +
 * recipient for steps that happen once; conversation + recipient for the collapsed new_message),
 * so a re-delivered event inserts nothing.
 */
export interface NotificationDoc {
  _id: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  data: Record<string, string | number>;
  isRead: boolean;
  createdAt: Date;
  /** new_message: how many messages it stands for, and which were counted. */
  count?: number;
  messageIds?: string[];
  version?: number;
}

const notificationSchema = new Schema<NotificationDoc>(
  {
    _id: { type: String },
    userId: { type: String, required: true },
    type: { type: String, required: true },
    title: { type: String, required: true },
    message: { type: String, required: true },
    data: { type: Schema.Types.Mixed, default: {} },
    isRead: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    count: Number,
    messageIds: { type: [String], default: undefined },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, minimize: false },
);
// A member's notifications newest first (list), count, unreadCount and markAllRead.
notificationSchema.index({ userId: 1, createdAt: -1, _id: 1 });

export function notificationModel(conn: Connection): Model<NotificationDoc> {
  return (
    (conn.models.Notification as Model<NotificationDoc> | undefined) ??
    conn.model<NotificationDoc>('Notification', notificationSchema, 'notifications')
  );
}
