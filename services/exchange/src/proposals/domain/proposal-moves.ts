import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import type { ShippingStatus } from '@swapbooth/contracts';
import {
  awaiting,
  currentTerms,
  isOpen,
  lateFor,
  MAX_ROUNDS,
  parcelSides,
  recipientOf,
  shipperOf,
  somethingShipped,
  termsBy,
  type ParcelSide,
  type Proposal,
  type Round,
  type Terms,
} from './proposal';
import {
  allowedMovesText,
  assertParty,
  factsOf,
  subscriptionRequired,
  type Move,
} from './proposal-facts';
import {
  afterDelivery,
  confirmedParcel,
  shippedParcel,
  startClocks,
  type ClockSettings,
} from './trade-clock';

/**
 * The proposal's state machine as pure decisions: each takes the current state and the actor and
 * returns the next state with the events it raises, or throws the refusal (403 for a non-party or
 * a missing subscription, 409 naming the moves that are allowed).
 */

export {
  allowedMovesText,
  assertParty,
  factsOf,
  subscriptionRequired,
  type Move,
} from './proposal-facts';

const refuse = (p: Proposal, actorId: string, why: string, locked = false): AppError =>
  AppError.conflict(`${why}; ${allowedMovesText(p, actorId, locked)}`);

const touch = (p: Proposal, now: Date, changes: Partial<Proposal>): Proposal => ({
  ...p,
  ...changes,
  updatedAt: now,
});

export type StatusTarget = 'accepted' | 'rejected' | 'cancelled';

/** Accept, reject or cancel, as far as the proposal itself decides (reservations come on top). */
export function decideStatus(
  p: Proposal,
  actorId: string,
  to: StatusTarget,
  opts: { now: Date; entitled: boolean; clock?: ClockSettings },
): Move {
  assertParty(p, actorId);
  const locked = actorId === p.receiverId && !opts.entitled;
  const { now } = opts;
  if (to === 'accepted' || to === 'rejected') {
    if (!isOpen(p.status)) throw refuse(p, actorId, `The proposal is ${p.status}`, locked);
    if (awaiting(p) !== actorId) {
      throw refuse(
        p,
        actorId,
        `Not your turn: only the party who received the current terms may ${to === 'accepted' ? 'accept' : 'reject'} them`,
        locked,
      );
    }
    if (to === 'accepted' && locked) throw subscriptionRequired();
    const moved = touch(p, now, {
      status: to,
      ...(to === 'accepted' ? { acceptedAt: now } : {}),
    });
    const next = to === 'accepted' && opts.clock ? startClocks(moved, now, opts.clock) : moved;
    delete next.expiresAt;
    const events =
      to === 'accepted'
        ? [domainEvent('proposal.accepted', p.id, factsOf(next, actorId))]
        : [domainEvent('proposal.rejected', p.id, factsOf(next, actorId))];
    return { next, events };
  }
  // cancel
  let reason: string | undefined;
  if (isOpen(p.status)) {
    if (termsBy(p) !== actorId) {
      throw refuse(
        p,
        actorId,
        'Not yours to withdraw: only the party who made the current terms may cancel them',
        locked,
      );
    }
  } else if (p.status === 'accepted') {
    // A partner late to ship leaves the actor free to cancel, whatever the actor already sent.
    if (lateFor(p, actorId, now).length > 0) reason = 'ship-overdue';
    else if (somethingShipped(p)) {
      throw refuse(p, actorId, 'An exchange cannot be cancelled once something has shipped');
    }
  } else {
    throw refuse(p, actorId, `The proposal is ${p.status}`, locked);
  }
  const next = touch(p, now, { status: 'cancelled' });
  delete next.expiresAt;
  return {
    next,
    events: [
      domainEvent('proposal.cancelled', p.id, {
        ...factsOf(next, actorId),
        previousStatus: p.status,
        ...(reason ? { reason } : {}),
      }),
    ],
  };
}

/** New terms from the party whose turn it is. */
export function decideCounter(
  p: Proposal,
  actorId: string,
  terms: Terms,
  opts: { now: Date; entitled: boolean; expiresAt: Date },
): Move {
  assertParty(p, actorId);
  const locked = actorId === p.receiverId && !opts.entitled;
  if (!isOpen(p.status)) throw refuse(p, actorId, `The proposal is ${p.status}`, locked);
  if (awaiting(p) !== actorId) {
    throw refuse(
      p,
      actorId,
      'Not your turn: only the party who received the current terms may counter them',
      locked,
    );
  }
  if (locked) throw subscriptionRequired();
  if (p.rounds.length >= MAX_ROUNDS) {
    throw AppError.conflict(
      `A proposal may have at most ${MAX_ROUNDS} rounds; accept or reject it`,
    );
  }
  const { now } = opts;
  const round: Round = { ...terms, round: p.rounds.length + 1, by: actorId, createdAt: now };
  const next = touch(p, now, {
    status: 'countered',
    rounds: [...p.rounds, round],
    expiresAt: opts.expiresAt,
  });
  return {
    next,
    events: [
      domainEvent('proposal.countered', p.id, { ...factsOf(next, actorId), counteredBy: actorId }),
    ],
  };
}

const shippingOrder: ShippingStatus[] = ['preparing', 'shipped', 'delivered'];

/**
 * A shipping step of one parcel: `preparing` and `shipped` by the party who sends it, `delivered`
 * by the party who receives it. Both parcels delivered completes the exchange.
 */
export function decideShipping(
  p: Proposal,
  actorId: string,
  side: ParcelSide,
  status: ShippingStatus,
  trackingNote: string | undefined,
  opts: { now: Date; clock?: ClockSettings },
): Move | undefined {
  assertParty(p, actorId);
  if (p.status !== 'accepted') {
    throw refuse(
      p,
      actorId,
      `Shipping can be updated only on an accepted exchange; it is ${p.status}`,
    );
  }
  if (!parcelSides(p).includes(side)) {
    throw refuse(
      p,
      actorId,
      `The ${side} of a circle's exchange gives nothing and sends no parcel`,
    );
  }
  const current = p.shipping[side];
  if (status === 'delivered') {
    if (recipientOf(p, side) !== actorId) {
      throw AppError.forbidden(
        `Only the party who receives the ${side}'s parcel may confirm its delivery`,
      );
    }
  } else if (shipperOf(p, side) !== actorId) {
    throw AppError.forbidden(`Only the ${side} may mark their own parcel ${status}`);
  }
  const from = shippingOrder.indexOf(current.status);
  const to = shippingOrder.indexOf(status);
  if (to === from && (trackingNote === undefined || trackingNote === current.trackingNote)) {
    return undefined;
  }
  if (to < from) {
    throw refuse(p, actorId, `The ${side}'s parcel is already ${current.status}`);
  }
  const { now } = opts;
  const stepped = { ...current, status, trackingNote: trackingNote ?? current.trackingNote };
  const parcel =
    status === 'delivered'
      ? confirmedParcel(stepped, now)
      : status === 'shipped' && current.status !== 'shipped'
        ? { ...shippedParcel(stepped, now, opts.clock), updatedAt: now }
        : { ...stepped, updatedAt: now };
  const shipping = { ...p.shipping, [side]: parcel };
  // Both parcels delivered and confirmed completes it; an assumed delivery opens the report window.
  const delivered = afterDelivery(touch(p, now, { shipping }), now, opts.clock, actorId);
  const step = domainEvent('proposal.shipping-updated', p.id, {
    ...factsOf(delivered.next, actorId),
    userId: actorId,
    type: side,
    status,
    ...(parcel.trackingNote ? { trackingNote: parcel.trackingNote } : {}),
  });
  return { next: delivered.next, events: [step, ...delivered.events] };
}

/** The service's own moves: expiry, and a listing taken by another exchange or gone. */
export function decideExpiry(p: Proposal, now: Date): Move | undefined {
  if (!isOpen(p.status) || !p.expiresAt || p.expiresAt.getTime() > now.getTime()) return undefined;
  const next = touch(p, now, { status: 'expired' });
  delete next.expiresAt;
  return { next, events: [domainEvent('proposal.expired', p.id, factsOf(next))] };
}

export function decideUnavailable(
  p: Proposal,
  goneListingIds: readonly string[],
  now: Date,
  causedByProposalId?: string,
): Move | undefined {
  if (!isOpen(p.status) || p.id === causedByProposalId) return undefined;
  const t = currentTerms(p);
  const named = new Set([...t.requestedProductIds, ...t.offeredProductIds]);
  const gone = goneListingIds.filter((id) => named.has(id));
  if (gone.length === 0) return undefined;
  const next = touch(p, now, { status: 'unavailable', unavailableProductIds: gone });
  delete next.expiresAt;
  return {
    next,
    events: [
      domainEvent('proposal.unavailable', p.id, {
        ...factsOf(next),
        unavailableProductIds: gone,
        ...(causedByProposalId ? { causedByProposalId } : {}),
      }),
    ],
  };
}
