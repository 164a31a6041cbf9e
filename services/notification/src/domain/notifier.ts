import { texts, type Notification, type NotificationType } from './notification';
import type { LivePush, MemberDirectory, NotificationStore, OnceClaims } from './ports';
import type { ReaderGate } from './reader-gate';

/** Creates notifications (once per key) and pushes each to its member's open streams. */
export class Notifier {
  constructor(
    private readonly store: NotificationStore,
    private readonly members: MemberDirectory,
    private readonly live: LivePush,
    private readonly pushes: OnceClaims,
    private readonly gate: ReaderGate,
  ) {}

  /** A member's name as others see it, or "A member" when it is not known yet. */
  async nameOf(userId: string | undefined): Promise<string> {
    if (!userId) return 'A member';
    return (await this.members.get(userId)).displayName ?? 'A member';
  }

  /** Creates a notification unless one with its id exists; true when created. */
  async create(input: {
    id: string;
    userId: string;
    type: NotificationType;
    title: string;
    message: string;
    data: Record<string, string | number>;
  }): Promise<boolean> {
    const n: Notification = { ...input, isRead: false, createdAt: new Date() };
    const created = await this.store.insertOnce(n);
    // A retry after a failure between the insert and the push still pushes it, once.
    const stored = created ? n : await this.store.byId(n.id);
    if (stored && !stored.isRead && (await this.pushes.claim(`push:${n.id}`))) {
      await this.pushed(stored);
    }
    return created;
  }

  /** new_message: one unread notification per conversation, updated with each message. */
  async messageReceived(input: {
    userId: string;
    senderId: string;
    conversationId: string;
    proposalId: string;
    messageId: string;
  }): Promise<void> {
    const sender = await this.nameOf(input.senderId);
    const n = await this.store.upsertCollapsed(
      `new_message:${input.conversationId}:${input.userId}`,
      input.userId,
      input.messageId,
      (count) => ({
        ...texts.new_message(sender, count),
        data: { proposal_id: input.proposalId, conversation_id: input.conversationId },
      }),
    );
    if (n) await this.pushed(n);
  }

  /**
   * Pushes the notification as its member reads it (the gate applied). The unread count is not
   * counted here: that is a pass over the collection on the way of every push, and a client that
   * receives a notification refreshes its list, which carries the count.
   */
  private async pushed(n: Notification): Promise<void> {
    await this.live.push([n.userId], 'notification', {
      notification: await this.gate.one(n.userId, n),
    });
  }
}
