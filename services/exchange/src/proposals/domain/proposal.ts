import type { ProposalAction, ProposalStatus, ShippingStatus } from '@swapbooth/contracts';
import { openProposalStatuses } from '@swapbooth/contracts';

/**
 * One set of terms. Orientation never changes between rounds: `requestedProductIds` are the
 * receiver's listings, `offeredProductIds` the sender's, `depositAmount` is money the sender adds.
 */
export interface Terms {
  requestedProductIds: string[];
  offeredProductIds: string[];
  message: string;
  depositAmount: number;
  senderShippingContribution: number;
  receiverShippingContribution: number;
}

/** One round: the first offer, then each counter. */
export interface Round extends Terms {
  round: number;
  /** Who made these terms. */
  by: string;
  createdAt: Date;
}

export type ParcelSide = 'sender' | 'receiver';

export interface Parcel {
  status: ShippingStatus;
  trackingNote: string;
  updatedAt?: Date;
  /**
   * The parcel's clocks once the exchange is accepted (see trade-clock.ts). `shipBy`: when its
   * shipper must have marked it shipped (for a service: performed); `remindAt`: the half-time
   * reminder still to send; `lateNoticed`: the deadline passed and both were told; `extended`:
   * the other party gave more time (once); `deliverBy`: when, shipped, it counts as delivered;
   * `confirmedAt`: when its receiver said it arrived as agreed.
   */
  shipBy?: Date;
  remindAt?: Date;
  lateNoticed?: boolean;
  extended?: boolean;
  deliverBy?: Date;
  confirmedAt?: Date;
}

export interface Proposal {
  id: string;
  senderId: string;
  receiverId: string;
  status: ProposalStatus;
  /** Oldest first; the last one holds the current terms. */
  rounds: Round[];
  shipping: Record<ParcelSide, Parcel>;
  /** The listings that made it unavailable, when it is. */
  unavailableProductIds?: string[];
  expiresAt?: Date;
  acceptedAt?: Date;
  completedAt?: Date;
  /** Every parcel delivered but not every one confirmed: it completes by itself at this time. */
  reportBy?: Date;
  /**
   * The trade circle this exchange is one edge of: the receiver gives the requested listing, the
   * sender offers nothing and has no parcel to send.
   */
  circleId?: string;
  createdAt: Date;
  updatedAt: Date;
  /** Bumped by every write; writes are guarded by the version they read. */
  version: number;
}

export const MAX_LISTINGS_PER_SIDE = 10;
export const MAX_MONEY = 10_000;
export const MAX_MESSAGE_LENGTH = 1000;
/** Keeps one proposal document bounded. */
export const MAX_ROUNDS = 50;

export const isOpen = (status: ProposalStatus): boolean => openProposalStatuses.includes(status);

export const currentTerms = (p: Proposal): Round => p.rounds[p.rounds.length - 1]!;

/** Who made the current terms. */
export const termsBy = (p: Proposal): string => currentTerms(p).by;

/** The party whose answer the current terms wait for, while the proposal is open. */
export const awaiting = (p: Proposal): string | undefined =>
  isOpen(p.status) ? (termsBy(p) === p.senderId ? p.receiverId : p.senderId) : undefined;

export const isParty = (p: Proposal, userId: string): boolean =>
  p.senderId === userId || p.receiverId === userId;

export const roleOf = (p: Proposal, userId: string): ParcelSide =>
  p.senderId === userId ? 'sender' : 'receiver';

/** Every listing of the current terms, each once. */
export const listingsOf = (t: Terms): string[] => [
  ...new Set([...t.requestedProductIds, ...t.offeredProductIds]),
];

/** Every listing the proposal ever named, in any round. */
export const allListingsOf = (p: Proposal): string[] => [
  ...new Set(p.rounds.flatMap((r) => listingsOf(r))),
];

const cents = (n: number) => Math.round(n * 100);

/**
 * Identifies a sender's terms to one receiver (the listings on both sides and the money), so the
 * same offer cannot be open twice. The message is not part of the terms.
 */
export function termsKey(senderId: string, receiverId: string, t: Terms): string {
  const ids = (xs: string[]) => [...new Set(xs)].sort().join(',');
  return [
    senderId,
    receiverId,
    ids(t.requestedProductIds),
    ids(t.offeredProductIds),
    cents(t.depositAmount),
    cents(t.senderShippingContribution),
    cents(t.receiverShippingContribution),
  ].join('|');
}

/**
 * The terms an open proposal holds against a second identical offer: its first terms while nobody
 * answered or countered them (the store keeps them under a unique key only open proposals carry).
 */
export const heldTermsKey = (p: Proposal): string | undefined =>
  isOpen(p.status) && p.rounds.length === 1
    ? termsKey(p.senderId, p.receiverId, p.rounds[0]!)
    : undefined;

/**
 * The parcels an exchange has: both sides, except in a circle's exchange, where only the receiver
 * (the giver of the listing) sends one.
 */
export const parcelSides = (p: Proposal): ParcelSide[] =>
  p.circleId ? ['receiver'] : ['sender', 'receiver'];

/** Whether anything has left either side (cancelling an accepted exchange is allowed until then). */
export const somethingShipped = (p: Proposal): boolean =>
  parcelSides(p).some((side) => p.shipping[side].status !== 'preparing');

/** Whether every parcel the exchange has arrived (that completes it). */
export const allDelivered = (p: Proposal): boolean =>
  parcelSides(p).every((side) => p.shipping[side].status === 'delivered');

/** Who sends a parcel: the sender's parcel is sent by the sender and received by the receiver. */
export const shipperOf = (p: Proposal, side: ParcelSide): string =>
  side === 'sender' ? p.senderId : p.receiverId;
export const recipientOf = (p: Proposal, side: ParcelSide): string =>
  side === 'sender' ? p.receiverId : p.senderId;

/** The parcels a party receives (the other side's; none for a circle's giver). */
export const parcelsReceivedBy = (p: Proposal, userId: string): ParcelSide[] =>
  parcelSides(p).filter((side) => recipientOf(p, side) === userId);

/** Whether a parcel is still not shipped after its deadline. */
export const isLate = (parcel: Parcel, now: Date): boolean =>
  parcel.status === 'preparing' &&
  parcel.shipBy !== undefined &&
  parcel.shipBy.getTime() <= now.getTime();

/** The parcels the viewer receives that are late: the viewer may cancel, or extend once. */
export const lateFor = (p: Proposal, userId: string, now: Date): ParcelSide[] =>
  p.status === 'accepted'
    ? parcelsReceivedBy(p, userId).filter((side) => isLate(p.shipping[side], now))
    : [];

/** The parcels the viewer may say "Everything is OK" about: shipped, or delivered unconfirmed. */
export const confirmableBy = (p: Proposal, userId: string): ParcelSide[] =>
  p.status === 'accepted'
    ? parcelsReceivedBy(p, userId).filter((side) => {
        const parcel = p.shipping[side];
        return (
          parcel.status === 'shipped' ||
          (parcel.status === 'delivered' && parcel.confirmedAt === undefined)
        );
      })
    : [];

/**
 * Whether a party may still report a problem with the exchange (disputes): while it is accepted
 * and not every parcel is delivered, then until its report window closes.
 */
export function reportWindowOpen(p: Proposal, now: Date): boolean {
  if (p.status !== 'accepted') return false;
  if (!allDelivered(p)) return true;
  return p.reportBy !== undefined && now.getTime() < p.reportBy.getTime();
}

/**
 * The exchange's next due time, the one the due-work sweep finds it by: a half-time reminder, a
 * shipping deadline not yet noticed, an assumed delivery, or the end of the report window. None
 * unless it is accepted (a disputed exchange's clocks stop).
 */
export function nextDueAt(p: Proposal): Date | undefined {
  if (p.status !== 'accepted') return undefined;
  const times: Date[] = [];
  for (const side of parcelSides(p)) {
    const parcel = p.shipping[side];
    if (parcel.status === 'preparing') {
      if (parcel.remindAt) times.push(parcel.remindAt);
      if (parcel.shipBy && !parcel.lateNoticed) times.push(parcel.shipBy);
    } else if (parcel.status === 'shipped' && parcel.deliverBy) {
      times.push(parcel.deliverBy);
    }
  }
  if (p.reportBy) times.push(p.reportBy);
  if (times.length === 0) return undefined;
  return new Date(Math.min(...times.map((t) => t.getTime())));
}

/**
 * What the viewer may do next. `locked`: the viewer is a receiver who may not see the details (no
 * subscription): of the answers only rejecting is left. `rated`: the viewer already rated. `now`:
 * when late parcels and the report window ("I have a problem") are judged; without it, neither.
 */
export function allowedActions(
  p: Proposal,
  viewerId: string,
  opts: { locked?: boolean; rated?: boolean; now?: Date } = {},
): ProposalAction[] {
  if (!isParty(p, viewerId)) return [];
  const actions: ProposalAction[] = [];
  if (isOpen(p.status)) {
    if (awaiting(p) === viewerId) {
      if (!opts.locked) actions.push('accept');
      actions.push('reject');
      if (!opts.locked && p.rounds.length < MAX_ROUNDS) actions.push('counter');
    } else {
      actions.push('cancel');
    }
  } else if (p.status === 'accepted') {
    const late = opts.now ? lateFor(p, viewerId, opts.now) : [];
    if (!somethingShipped(p) || late.length > 0) actions.push('cancel');
    const mine = roleOf(p, viewerId);
    const theirs: ParcelSide = mine === 'sender' ? 'receiver' : 'sender';
    const sides = parcelSides(p);
    if (sides.includes(mine) && p.shipping[mine].status === 'preparing') actions.push('ship');
    if (sides.includes(theirs) && p.shipping[theirs].status !== 'delivered') {
      actions.push('confirm_delivery');
    }
    if (confirmableBy(p, viewerId).length > 0) actions.push('confirm');
    if (late.some((side) => !p.shipping[side].extended)) actions.push('extend');
    if (opts.now && reportWindowOpen(p, opts.now)) actions.push('report_problem');
  } else if (p.status === 'completed' && !opts.rated) {
    actions.push('rate');
  }
  return actions;
}
