import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type { EventData, ProposalStatus, ShippingStatus } from '@swapbooth/contracts';
import {
  allDelivered,
  allowedActions,
  awaiting,
  currentTerms,
  isOpen,
  isParty,
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

/**
 * The proposal's state machine as pure decisions: each takes the current state and the actor and
 * returns the next state with the events it raises, or throws the refusal (403 for a non-party or
 * a missing subscription, 409 naming the moves that are allowed).
 */

export interface Move {
  next: Proposal;
  events: DomainEvent[];
}

/** What every proposal event carries (SPEC: both parties and every listing). */
export function factsOf(p: Proposal, actorId?: string): EventData<'proposal.created'> {
  const t = currentTerms(p);
  return {
    proposalId: p.id,
    senderId: p.senderId,
    receiverId: p.receiverId,
    productIds: [...t.requestedProductIds],
    offeredProductIds: [...t.offeredProductIds],
    ...(actorId ? { actorId } : {}),
    roundCount: p.rounds.length,
    status: p.status,
    ...(p.circleId ? { circleId: p.circleId } : {}),
  };
}

export const subscriptionRequired = () =>
  new AppError(
    'subscription_required',
    'A subscription is required to see and answer the details of this proposal',
  );

/** "allowed moves: accept, reject" — what the actor may do instead, for a 409's message. */
export function allowedMovesText(p: Proposal, actorId: string, locked = false): string {
  const moves = allowedActions(p, actorId, { locked, rated: true });
  return moves.length ? `allowed moves: ${moves.join(', ')}` : 'no move is allowed any more';
}

export function assertParty(p: Proposal, actorId: string): void {
  if (!isParty(p, actorId)) throw AppError.forbidden('You are not a party to this proposal');
}

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
  opts: { now: Date; entitled: boolean },
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
    const next = touch(p, now, {
      status: to,
      ...(to === 'accepted' ? { acceptedAt: now } : {}),
    });
    delete next.expiresAt;
    const events =
      to === 'accepted'
        ? [domainEvent('proposal.accepted', p.id, factsOf(next, actorId))]
        : [domainEvent('proposal.rejected', p.id, factsOf(next, actorId))];
    return { next, events };
  }
  // cancel
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
    if (somethingShipped(p)) {
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
  opts: { now: Date },
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
  const parcel = {
    status,
    trackingNote: trackingNote ?? current.trackingNote,
    updatedAt: now,
  };
  const shipping = { ...p.shipping, [side]: parcel };
  const completes = allDelivered({ ...p, shipping });
  const next = touch(p, now, {
    shipping,
    ...(completes ? { status: 'completed' as ProposalStatus, completedAt: now } : {}),
  });
  const facts = factsOf(next, actorId);
  const events: DomainEvent[] = [
    domainEvent('proposal.shipping-updated', p.id, {
      ...facts,
      userId: actorId,
      type: side,
      status,
      ...(parcel.trackingNote ? { trackingNote: parcel.trackingNote } : {}),
    }),
  ];
  if (completes) events.push(domainEvent('proposal.completed', p.id, facts));
  return { next, events };
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
