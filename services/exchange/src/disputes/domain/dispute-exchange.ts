import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import type { DisputeOutcome } from '@swapbooth/contracts';
import { isParty, reportWindowOpen, type Proposal } from '../../proposals/domain/proposal';
import { factsOf, type Move } from '../../proposals/domain/proposal-moves';

/**
 * What a dispute does to its exchange: opening it makes the proposal `disputed` (its clocks stop,
 * ratings wait, its listings stay reserved); closing it completes or cancels the exchange.
 */

/**
 * An accepted exchange becomes disputed while its report window is open (until every parcel is
 * delivered, then until the window closes); anything else is refused with why.
 */
export function decideDisputed(p: Proposal, actorId: string, now: Date): Move | undefined {
  if (!isParty(p, actorId)) throw AppError.forbidden('You are not a party to this exchange');
  if (p.status === 'disputed') return undefined;
  if (p.status !== 'accepted') {
    throw AppError.conflict(
      `A problem can be reported only on an accepted exchange that is not completed; it is ${p.status}`,
    );
  }
  if (!reportWindowOpen(p, now)) {
    throw AppError.conflict('The time to report a problem with this exchange has passed');
  }
  const next: Proposal = { ...p, status: 'disputed', updatedAt: now };
  delete next.expiresAt;
  return { next, events: [] };
}

/**
 * The dispute closed: `completed` completes the exchange; `cancelled` and `both_return` cancel it
 * (catalog publishes its listings again on `proposal.cancelled` from an accepted exchange).
 */
export function decideSettled(
  p: Proposal,
  outcome: DisputeOutcome,
  actorId: string | undefined,
  now: Date,
): Move | undefined {
  if (p.status !== 'disputed') return undefined;
  if (outcome === 'completed') {
    const next: Proposal = { ...p, status: 'completed', completedAt: now, updatedAt: now };
    return { next, events: [domainEvent('proposal.completed', p.id, factsOf(next, actorId))] };
  }
  const next: Proposal = { ...p, status: 'cancelled', updatedAt: now };
  return {
    next,
    events: [
      domainEvent('proposal.cancelled', p.id, {
        ...factsOf(next, actorId),
        previousStatus: 'accepted',
        reason: 'dispute',
      }),
    ],
  };
}
