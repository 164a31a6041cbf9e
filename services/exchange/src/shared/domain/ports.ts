import type { ProposalPartyResponse, ProposalStatus } from '@swapbooth/contracts';

/**
 * Ports shared by the exchange service's use cases (proposals, ratings). Implemented in data/ and
 * wired in deps.ts; each use case takes only the ports it calls.
 */

/** The facts about a proposal that other parts of the service (ratings) need. */
export interface ProposalFacts {
  proposalId: string;
  status: ProposalStatus;
  senderId: string;
  receiverId: string;
  /** When it completed (kept since completion times were stored). */
  completedAt?: Date;
}

export interface ProposalLookup {
  /** The proposal's parties and status, or undefined when there is no such proposal. */
  factsOf(proposalId: string): Promise<ProposalFacts | undefined>;
}

/** Members as the exchange service knows them (its projection of account events). */
export interface PartyDirectory {
  /** A member's public face; empty names when nothing was heard of them yet. */
  party(userId: string): Promise<ProposalPartyResponse>;
  parties(userIds: readonly string[]): Promise<Map<string, ProposalPartyResponse>>;
}

/** Who rated what, for the proposal view's `rated_by_me` and `allowed_actions`. */
export interface RatingLedger {
  hasRated(proposalId: string, raterId: string): Promise<boolean>;
  /**
   * Whether an exchange completed at `completedAt` still takes ratings at `now` (its ratings are
   * shown when the window closes, and none is taken after).
   */
  windowOpen(completedAt: Date | undefined, now: Date): boolean;
}
