import { AppError } from '@swapbooth/service-kit';
import {
  clientCreatableTypes,
  onceKey,
  texts,
  type ClientCreatableType,
  type ShownNotification,
} from './notification';
import { stepReached } from './client-steps';
import type { Notifier } from './notifier';
import type { ReaderGate } from './reader-gate';
import type { CallLimiter, LivePush, NotificationStore, ProposalDirectory } from './ports';

/** A member's notifications: reading them, marking them read, and the client's create call. */
export class Inbox {
  constructor(
    private readonly store: NotificationStore,
    private readonly gate: ReaderGate,
    private readonly proposals: ProposalDirectory,
    private readonly notifier: Notifier,
    private readonly limiter: CallLimiter,
    private readonly live: LivePush,
  ) {}

  /** The caller's notifications, newest first, with the unread count. */
  async list(
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ notifications: ShownNotification[]; unread: number; total: number }> {
    const [items, unread, total] = await Promise.all([
      this.store.list(userId, (page - 1) * limit, limit),
      this.store.unreadCount(userId),
      this.store.count(userId),
    ]);
    return { notifications: await this.gate.shown(userId, items), unread, total };
  }

  /** Marks one of the caller's notifications read; someone else's is a 404, as if absent. */
  async markRead(id: string, userId: string): Promise<ShownNotification> {
    const n = await this.store.byId(id);
    if (!n || n.userId !== userId) throw AppError.notFound('Notification not found');
    if (!n.isRead) await this.store.markRead(id);
    await this.pushUnread(userId);
    return this.gate.one(userId, { ...n, isRead: true });
  }

  async markAllRead(userId: string): Promise<number> {
    const changed = await this.store.markAllRead(userId);
    await this.pushUnread(userId);
    return changed;
  }

  /**
   * POST /api/notifications/create: a party asks that the other party of their proposal hear of a
   * step. Only fixed types, only to that other party, only a step the proposal has reached and the
   * caller took (409 otherwise), texts written here (never the caller's), once per proposal, type
   * and recipient, and rate-limited.
   */
  async createForOtherParty(
    callerId: string,
    input: { type: string; proposalId: string; recipientId?: string },
  ): Promise<{ created: boolean; notificationId: string }> {
    if (!(clientCreatableTypes as readonly string[]).includes(input.type)) {
      throw AppError.invalid(`type: must be one of ${clientCreatableTypes.join(', ')}`, 'type');
    }
    const type = input.type as ClientCreatableType;
    const p = await this.proposals.get(input.proposalId);
    if (!p || (p.senderId !== callerId && p.receiverId !== callerId)) {
      throw AppError.forbidden('You can only notify the other party of your own proposal');
    }
    const other = p.senderId === callerId ? p.receiverId : p.senderId;
    if (input.recipientId && input.recipientId !== other) {
      throw AppError.forbidden('You can only notify the other party of your own proposal');
    }
    if (type === 'exchange_proposal' && callerId !== p.senderId) {
      throw AppError.forbidden('Only the sender of a proposal announces it');
    }
    const wait = await this.limiter.take(callerId);
    if (wait > 0) throw AppError.rateLimited('Too many notifications; wait a moment', wait);
    if (!stepReached(type, p, callerId)) {
      throw AppError.conflict(
        `type: ${type} does not match the proposal's state (${p.status}) or was not your step`,
      );
    }

    const actor = await this.notifier.nameOf(callerId);
    const t =
      type === 'exchange_proposal'
        ? texts.exchange_proposal(actor, [])
        : type === 'proposal_completed'
          ? texts.proposal_completed()
          : texts[type](actor);
    const id = onceKey(type, p.proposalId, other);
    const created = await this.notifier.create({
      id,
      userId: other,
      type,
      ...t,
      data: { proposal_id: p.proposalId },
    });
    return { created, notificationId: id };
  }

  private async pushUnread(userId: string): Promise<void> {
    await this.live.push([userId], 'unread', {
      unread_count: await this.store.unreadCount(userId),
    });
  }
}
