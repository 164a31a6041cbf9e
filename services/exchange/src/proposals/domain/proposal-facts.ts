import { AppError } from '@swapbooth/service-kit';
import type { EventData } from '@swapbooth/contracts';
import type { DomainEvent } from '@swapbooth/event-bus';
import { allowedActions, currentTerms, isParty, type Proposal } from './proposal';

/** What the proposal's moves share: the facts its events carry and the refusals they answer. */

/** A decision: the next state and the events it raises. */
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
export function allowedMovesText(p: Proposal, actorId: string, locked = false, now?: Date): string {
  const moves = allowedActions(p, actorId, { locked, rated: true, ...(now ? { now } : {}) });
  return moves.length ? `allowed moves: ${moves.join(', ')}` : 'no move is allowed any more';
}

export function assertParty(p: Proposal, actorId: string): void {
  if (!isParty(p, actorId)) throw AppError.forbidden('You are not a party to this proposal');
}
