import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { Notification, NotificationStore, NotificationType } from '../../domain/ports';
import { notificationModel, type NotificationDoc } from './notification.model';

const toNotification = (d: NotificationDoc): Notification => ({
  id: d._id,
  userId: d.userId,
  type: d.type as NotificationType,
  title: d.title,
  message: d.message,
  data: d.data ?? {},
  isRead: d.isRead,
  createdAt: d.createdAt,
});

/** A collapsed notification remembers this many counted message ids (enough to spot a redelivery). */
const REMEMBERED_MESSAGES = 50;

/** The only code that touches the notifications collection. */
export class NotificationsRepository implements NotificationStore {
  private readonly model: Model<NotificationDoc>;

  constructor(conn: Connection) {
    this.model = notificationModel(conn);
  }

  async insertOnce(n: Notification): Promise<boolean> {
    try {
      await this.model.create({
        _id: n.id,
        userId: n.userId,
        type: n.type,
        title: n.title,
        message: n.message,
        data: n.data,
        isRead: n.isRead,
        createdAt: n.createdAt,
      });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async upsertCollapsed(
    id: string,
    userId: string,
    messageId: string,
    build: (count: number) => Pick<Notification, 'title' | 'message' | 'data'>,
  ): Promise<Notification | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.model.findById(id).lean<NotificationDoc>().exec();
      const now = new Date();
      if (!current) {
        const t = build(1);
        try {
          await this.model.create({
            _id: id,
            userId,
            type: 'new_message',
            ...t,
            isRead: false,
            createdAt: now,
            count: 1,
            messageIds: [messageId],
            version: 0,
          });
          return toNotification({
            _id: id,
            userId,
            type: 'new_message',
            ...t,
            isRead: false,
            createdAt: now,
          });
        } catch (err) {
          if (isDuplicateKey(err)) continue;
          throw err;
        }
      }
      if (current.messageIds?.includes(messageId)) return null;
      // A read notification starts counting again; an unread one adds this message.
      const count = current.isRead ? 1 : (current.count ?? 1) + 1;
      const t = build(count);
      const next = {
        ...t,
        isRead: false,
        createdAt: now,
        count,
        messageIds: [...(current.messageIds ?? []), messageId].slice(-REMEMBERED_MESSAGES),
      };
      const r = await this.model
        .updateOne({ _id: id, version: current.version ?? 0 }, { $set: next, $inc: { version: 1 } })
        .exec();
      if (r.modifiedCount === 1) return toNotification({ ...current, ...next });
    }
    throw new Error('collapsed notification kept changing under its writer');
  }

  async byId(id: string): Promise<Notification | null> {
    const d = await this.model.findById(id).lean<NotificationDoc>().exec();
    return d ? toNotification(d) : null;
  }

  async list(userId: string, skip: number, limit: number): Promise<Notification[]> {
    const docs = await this.model
      .find({ userId })
      .sort({ createdAt: -1, _id: 1 })
      .skip(skip)
      .limit(limit)
      .lean<NotificationDoc[]>()
      .exec();
    return docs.map(toNotification);
  }

  count(userId: string): Promise<number> {
    return this.model.countDocuments({ userId }).exec();
  }

  unreadCount(userId: string): Promise<number> {
    return this.model.countDocuments({ userId, isRead: false }).exec();
  }

  async markRead(id: string): Promise<void> {
    await this.model
      .updateOne({ _id: id }, { $set: { isRead: true }, $inc: { version: 1 } })
      .exec();
  }

  async markAllRead(userId: string): Promise<number> {
    const r = await this.model
      .updateMany({ userId, isRead: false }, { $set: { isRead: true }, $inc: { version: 1 } })
      .exec();
    return r.modifiedCount;
  }
}
