import type { ProposalStatus } from '@swapbooth/contracts';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { Proposal } from './proposal';

/** Which of a member's proposals a page shows. */
export interface MemberProposalsQuery {
  role?: 'sent' | 'received';
  /** Any of these statuses (all when empty or absent). */
  statuses?: readonly ProposalStatus[];
  page: number;
  limit: number;
}

/** A member's trade record: their proposals counted by role and outcome. */
export interface MemberCounts {
  sent: number;
  received: number;
  /** Proposals ever accepted (completed and cancelled-after-accepting ones included). */
  acceptedEver: number;
  completed: number;
}

/** One guarded write of `replaceAll`: the arguments of `replace`. */
export interface ProposalWrite {
  next: Proposal;
  expectedVersion: number;
  events: DomainEvent[];
  read?: Proposal;
}

/** Proposals storage: one document per proposal, written with its events in one update. */
export interface ProposalRepository {
  /**
   * Stores a new proposal with its events; false (nothing written) when its id is taken or an
   * open proposal already holds the same terms (`heldTermsKey`, a unique key).
   */
  insert(p: Proposal, events: DomainEvent[]): Promise<boolean>;
  /**
   * Stores `p` with its events if the stored version is still `expectedVersion`. `read`: the state
   * it was decided from, so what did not change (its rounds) is not written again.
   */
  replace(
    p: Proposal,
    expectedVersion: number,
    events: DomainEvent[],
    read?: Proposal,
  ): Promise<boolean>;
  /**
   * `replace` for many proposals at once (one round trip for the state and one for the outbox's
   * pending records): each write is still guarded by its own expected version, so each is stored
   * or not on its own. Answers, in the order given, whether each was stored; a write it cannot
   * tell about answers false (read it again and decide anew: the version guard makes that safe).
   */
  replaceAll(writes: readonly ProposalWrite[]): Promise<boolean[]>;
  findById(id: string): Promise<Proposal | undefined>;
  /** The proposals found among these ids (missing ones skipped), in no particular order. */
  findByIds(ids: readonly string[]): Promise<Proposal[]>;
  /**
   * How many proposals from `senderId` to `receiverId` are open (pending or countered), counted up
   * to `upTo` (when that many or more are open, the answer is `upTo`).
   */
  countOpenFromTo(senderId: string, receiverId: string, upTo: number): Promise<number>;
  /** The open proposals (pending or countered) between two members, either way. */
  openBetween(a: string, b: string): Promise<Proposal[]>;
  /** One page of a member's proposals, newest first, and how many match in all. */
  ofMember(userId: string, q: MemberProposalsQuery): Promise<{ items: Proposal[]; total: number }>;
  countsOf(userId: string): Promise<MemberCounts>;
  /** Every proposal that named the listing in any round, newest first. */
  naming(listingId: string): Promise<Proposal[]>;
  /** The open proposals whose terms (any round) name any of these listings. */
  openNaming(listingIds: readonly string[]): Promise<Proposal[]>;
  /** Ids of open proposals whose answer was due by `now`, the longest overdue first. */
  dueIds(now: Date, limit: number): Promise<string[]>;
  /** Accepted exchanges with a clock due by `now` (`nextDueAt`), read by the due-time index. */
  dueForClocks(now: Date, limit: number): Promise<Proposal[]>;
}

/** A listing as exchange knows it from catalog's events. */
export interface Listing {
  id: string;
  ownerId: string;
  title: string;
  slug: string;
  type: 'item' | 'service';
  /** Catalog's status as last heard; 'deleted' once catalog deleted it. */
  status: string;
  imageUrl?: string;
  /** False while the owner's account is suspended. */
  sellerActive: boolean;
  version: number;
}

export interface ListingDirectory {
  listings(ids: readonly string[]): Promise<Map<string, Listing>>;
}

export interface Reservation {
  listingId: string;
  proposalId: string;
  at: Date;
}

/**
 * One document per reserved listing, keyed by the listing id: inserting it is the exclusive claim
 * (a unique key, no transaction needed). A claim or take-over is looked at once by the due-work
 * sweep after the grace period, which releases it if no exchange or circle stands behind it.
 */
export interface ReservationStore {
  /** 'claimed', or the reservation that already holds the listing. */
  claim(listingId: string, proposalId: string, at: Date): Promise<'claimed' | Reservation>;
  /**
   * `claim` for each listing in the order given, stopping at the first one already held: the
   * listings this call claimed (those before it), and the reservation that holds it.
   */
  claimInOrder(
    listingIds: readonly string[],
    proposalId: string,
    at: Date,
  ): Promise<{ claimed: string[]; held?: Reservation }>;
  /** Moves a reservation from one proposal to another if it is still the one read. */
  takeOver(held: Reservation, proposalId: string, at: Date): Promise<boolean>;
  /** Removes the listing's reservation if `proposalId` holds it. */
  release(listingId: string, proposalId: string): Promise<void>;
  /** `release` for each of these listings, in one write. */
  releaseMany(listingIds: readonly string[], proposalId: string): Promise<void>;
  find(listingId: string): Promise<Reservation | undefined>;
  /** The reservations of these listings (those not reserved are absent), in one read. */
  findMany(listingIds: readonly string[]): Promise<Map<string, Reservation>>;
  /** Reservations claimed (or taken over) more than the grace period ago and not looked at since. */
  dueForCheck(now: Date, limit: number): Promise<Reservation[]>;
  /** Notes that `r` was looked at and stands (if it is still the one read). */
  checked(r: Reservation): Promise<void>;
}

/** Who may see proposal details (payment's subscription events). */
export interface Entitlements {
  isEntitled(userId: string): Promise<boolean>;
}
