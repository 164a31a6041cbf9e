import { isSubscribed, proposalDetailsLocked, type EventEnvelope } from '@swapbooth/contracts';
import { onceKey, texts, type NotificationType } from './notification';
import type { Notifier } from './notifier';
import type {
  ListingTitles,
  LivePush,
  MemberDirectory,
  ProposalDirectory,
  ProposalParties,
} from './ports';
import type { TradeEmails } from './trade-emails';

type ProposalEventType =
  | 'proposal.created'
  | 'proposal.countered'
  | 'proposal.accepted'
  | 'proposal.rejected'
  | 'proposal.cancelled'
  | 'proposal.expired'
  | 'proposal.unavailable'
  | 'proposal.completed';

const statusOf: Record<ProposalEventType, string> = {
  'proposal.created': 'pending',
  'proposal.countered': 'countered',
  'proposal.accepted': 'accepted',
  'proposal.rejected': 'rejected',
  'proposal.cancelled': 'cancelled',
  'proposal.expired': 'expired',
  'proposal.unavailable': 'unavailable',
  'proposal.completed': 'completed',
};

/** The steps of an accepted exchange's clocks (exchange's due-work sweep, or a party's extension). */
export type ClockEventType =
  | 'proposal.ship-reminder'
  | 'proposal.ship-overdue'
  | 'proposal.ship-extended'
  | 'proposal.delivery-assumed'
  | 'proposal.report-window-opened';

/** "3 Dec": a due date as the texts show it (UTC). */
export const dayOf = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Statuses a proposal reaches only once accepted. */
const acceptedStatuses = ['accepted', 'completed'];

/** Every step of a proposal: who hears of it, what they read, which e-mail goes out. */
export class ProposalSteps {
  constructor(
    private readonly notifier: Notifier,
    private readonly proposals: ProposalDirectory,
    private readonly members: MemberDirectory,
    private readonly titles: ListingTitles,
    private readonly emails: TradeEmails,
    private readonly live: LivePush,
  ) {}

  /** What a party may read of a proposal's sender and listings (SPEC §6 gate for the receiver). */
  details = async (
    p: ProposalParties,
    readerId: string,
  ): Promise<{ senderName: string | null; listings: string[] | null }> => {
    const reader = await this.members.get(readerId);
    const accepted = p.accepted === true || acceptedStatuses.includes(p.status);
    if (
      proposalDetailsLocked(
        { receiverId: p.receiverId, accepted },
        readerId,
        isSubscribed(reader.subscriptionStatus),
      )
    ) {
      return { senderName: null, listings: null };
    }
    return {
      senderName: await this.notifier.nameOf(p.senderId),
      listings: await this.titles.titles([...p.productIds]),
    };
  };

  async handle(e: EventEnvelope<ProposalEventType>): Promise<void> {
    const d = e.data;
    const p: ProposalParties = {
      proposalId: d.proposalId,
      senderId: d.senderId,
      receiverId: d.receiverId,
      productIds: d.productIds,
      offeredProductIds: d.offeredProductIds,
      status: d.status ?? statusOf[e.type],
    };
    p.accepted = acceptedStatuses.includes(p.status);
    const actor: string | undefined =
      e.type === 'proposal.countered' ? (e.data as { counteredBy: string }).counteredBy : d.actorId;
    const others = actor
      ? [actor === p.senderId ? p.receiverId : p.senderId]
      : [p.senderId, p.receiverId];
    if (actor) p.actorId = actor;
    const actorName = await this.notifier.nameOf(actor);
    const data = { proposal_id: p.proposalId };
    // The parties hear of the step first; the projection and the e-mails follow.
    const recorded = () => this.proposals.record(p);

    const notify = async (
      type: NotificationType,
      t: { title: string; message: string },
      once = true,
    ) => {
      for (const userId of others) {
        await this.notifier.create({
          id: once ? onceKey(type, p.proposalId, userId) : `${e.id}:${userId}`,
          userId,
          type,
          ...t,
          data,
        });
      }
    };

    switch (e.type) {
      case 'proposal.created': {
        const listings = await this.titles.titles(p.productIds);
        const sender = actor === p.senderId ? actorName : await this.notifier.nameOf(p.senderId);
        await this.notifier.create({
          id: onceKey('exchange_proposal', p.proposalId, p.receiverId),
          userId: p.receiverId,
          type: 'exchange_proposal',
          ...texts.exchange_proposal(sender, listings),
          data,
        });
        await recorded();
        await this.emails.forProposal('exchange-received', p);
        break;
      }
      case 'proposal.countered':
        await notify('proposal_countered', texts.proposal_countered(actorName), false);
        await recorded();
        break;
      case 'proposal.accepted':
        // A trade circle's edges begin accepted: circle.accepted told every member already.
        if (d.circleId) {
          await recorded();
          break;
        }
        await notify('proposal_accepted', texts.proposal_accepted(actorName));
        await recorded();
        await this.emails.forProposal('exchange-accepted', p);
        break;
      case 'proposal.rejected':
        await notify('proposal_rejected', texts.proposal_rejected(actorName));
        await recorded();
        break;
      case 'proposal.cancelled':
        await notify('proposal_cancelled', texts.proposal_cancelled(actorName));
        await recorded();
        break;
      case 'proposal.expired':
        await notify('proposal_expired', texts.proposal_expired());
        await recorded();
        break;
      case 'proposal.unavailable':
        for (const userId of [p.senderId, p.receiverId]) {
          await this.notifier.create({
            id: onceKey('proposal_unavailable', p.proposalId, userId),
            userId,
            type: 'proposal_unavailable',
            ...texts.proposal_unavailable(),
            data,
          });
        }
        await recorded();
        break;
      case 'proposal.completed':
        await notify('proposal_completed', texts.proposal_completed());
        await recorded();
        await this.emails.forProposal('exchange-completed', p);
        break;
    }
    await this.live.push([p.senderId, p.receiverId], 'proposal', {
      proposal_id: p.proposalId,
      status: p.status,
      event: e.type,
    });
  }

  /**
   * A trade clock's step: the shipper is reminded, told the deadline passed or given more time; the
   * other party hears they may cancel or extend; a receiver hears a parcel counts as delivered;
   * both hear when the exchange will complete by itself. Each notification and e-mail once per
   * step (keyed by its due time, so a second deadline after an extension is told too).
   */
  async clock(e: EventEnvelope<ClockEventType>): Promise<void> {
    const d = e.data;
    const p: ProposalParties = {
      proposalId: d.proposalId,
      senderId: d.senderId,
      receiverId: d.receiverId,
      productIds: d.productIds,
      offeredProductIds: d.offeredProductIds,
      status: d.status ?? 'accepted',
      accepted: true,
    };
    const shipper = d.side === 'sender' ? d.senderId : d.receiverId;
    const partner = shipper === d.senderId ? d.receiverId : d.senderId;
    const by = dayOf(d.dueAt);
    const told: [string, NotificationType, { title: string; message: string }][] = [];
    switch (e.type) {
      case 'proposal.ship-reminder':
        told.push([shipper, 'ship_reminder', texts.ship_reminder(by)]);
        break;
      case 'proposal.ship-overdue':
        told.push([shipper, 'ship_overdue', texts.ship_overdue_shipper(by)]);
        told.push([partner, 'ship_overdue', texts.ship_overdue_partner(by)]);
        break;
      case 'proposal.ship-extended':
        told.push([shipper, 'ship_extended', texts.ship_extended(by)]);
        break;
      case 'proposal.delivery-assumed':
        // The parcel's receiver: the party who did not send it.
        told.push([partner, 'delivery_assumed', texts.delivery_assumed()]);
        break;
      case 'proposal.report-window-opened':
        told.push([d.senderId, 'report_window', texts.report_window(by)]);
        told.push([d.receiverId, 'report_window', texts.report_window(by)]);
        break;
    }
    for (const [userId, type, t] of told) {
      const step = `${d.side ?? 'all'}:${d.dueAt}`;
      await this.notifier.create({
        id: `${onceKey(type, p.proposalId, userId)}:${step}`,
        userId,
        type,
        ...t,
        data: { proposal_id: p.proposalId },
      });
      if (type !== 'delivery_assumed')
        await this.emails.forDeadline(p, userId, `${type}:${step}`, t);
    }
    await this.live.push([p.senderId, p.receiverId], 'proposal', {
      proposal_id: p.proposalId,
      status: p.status,
      event: e.type,
    });
  }

  /** proposal.shipping-updated: "shipped" and "delivered" reach the other party. */
  async shipping(e: EventEnvelope<'proposal.shipping-updated'>): Promise<void> {
    const d = e.data;
    const known = await this.proposals.get(d.proposalId);
    const senderId = d.senderId ?? known?.senderId;
    const receiverId = d.receiverId ?? known?.receiverId;
    if (!senderId || !receiverId) return;
    const other = d.userId === senderId ? receiverId : senderId;
    const status = d.status.toLowerCase();
    const type: NotificationType | undefined =
      status === 'shipped'
        ? 'proposal_shipped'
        : status === 'delivered'
          ? 'proposal_delivered'
          : undefined;
    if (type) {
      const actorName = await this.notifier.nameOf(d.userId);
      await this.notifier.create({
        id: onceKey(type, d.proposalId, other),
        userId: other,
        type,
        ...(type === 'proposal_shipped'
          ? texts.proposal_shipped(actorName)
          : texts.proposal_delivered(actorName)),
        data: { proposal_id: d.proposalId },
      });
      await this.proposals.recordShipping(
        d.proposalId,
        d.userId,
        type === 'proposal_shipped' ? 'shipped' : 'delivered',
      );
    }
    await this.live.push([senderId, receiverId], 'proposal', {
      proposal_id: d.proposalId,
      shipping: { type: d.type, status: d.status },
      event: e.type,
    });
  }
}
