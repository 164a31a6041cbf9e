import { AppError } from '@swapbooth/service-kit';
import type { ProposalRepository } from './proposal-ports';

/** Counts a member's new proposals in a window; answers seconds to wait, or 0 (and counts it). */
export interface ProposalSendCounter {
  take(senderId: string): Promise<number>;
}

/** The caps on what one member can send another, as configured. */
export interface ProposalCaps {
  /** Open (pending or countered) proposals from one member to one other member. */
  openPerPair: number;
  /** New proposals one member may send in an hour, to anyone. */
  perHour: number;
}

/** The open proposals from the sender to the receiver, counted as far as the cap needs. */
export function openToPair(
  deps: { proposals: Pick<ProposalRepository, 'countOpenFromTo'>; proposalCaps: ProposalCaps },
  senderId: string,
  receiverId: string,
): Promise<number> {
  return deps.proposals.countOpenFromTo(senderId, receiverId, deps.proposalCaps.openPerPair);
}

/**
 * Before a new proposal: at most `openPerPair` open proposals from the sender to the receiver
 * (409 naming the rule: terms that differ only in a deposit are each a new proposal, each with an
 * e-mail), then at most `perHour` new proposals an hour from the sender (429 with Retry-After).
 * `open`: `openToPair`, read beforehand.
 */
export async function checkProposalCaps(
  deps: {
    proposalSends: ProposalSendCounter;
    proposalCaps: ProposalCaps;
  },
  senderId: string,
  open: number,
): Promise<void> {
  const { openPerPair, perHour } = deps.proposalCaps;
  if (open >= openPerPair) {
    throw AppError.conflict(
      `You can have at most ${openPerPair} open proposals to one member: wait for an answer or cancel one`,
    );
  }
  const wait = await deps.proposalSends.take(senderId);
  if (wait > 0) {
    throw AppError.rateLimited(
      `You can send at most ${perHour} new proposals an hour; try again later`,
      wait,
    );
  }
}
