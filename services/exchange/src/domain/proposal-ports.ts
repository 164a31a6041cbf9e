import type { ProposalStatus } from '@swapbooth/contracts';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { Proposal } from './proposal';

/** Proposals storage: one document per proposal, written with its events in one update. */
export interface ProposalRepository {
  /** Stores a new proposal with its events; false (nothing written) when its id is taken. */
  insert(p: Proposal, events: DomainEvent[]): Promise<boolean>;
  /** Stores `p` with its events if the stored version is still `expectedVersion`. */
  replace(p: Proposal, expectedVersion: number, events: DomainEvent[]): Promise<boolean>;
  findById(id: string): Promise<Proposal | undefined>;
  /** The proposals found among these ids (missing ones skipped), in no particular order. */
  findByIds(ids: readonly string[]): Promise<Proposal[]>;
  /** How many proposals from `senderId` to `receiverId` are open (pending or countered). */
  countOpenFromTo(senderId: string, receiverId: string): Promise<number>;
}

/** A member's proposal as their lookup document records it. */
export interface MemberEntry {
  proposalId: string;
  role: 'sent' | 'received';
  /** The proposal's status as last recorded: a hint that reads check against the proposal. */
  status: ProposalStatus | 'new';
  /** Whether it was ever accepted (counts in the member's stats). */
  acceptedEver: boolean;
}

/**
 * Small lookup documents keyed by _id that name the proposals of a member (with their statuses,
 * so a filtered page or the stats read no proposal they do not show) and of a listing, so neither
 * read scans the proposals. Written before the proposal itself ('new'): an entry whose proposal was
 * never stored is skipped by the reads.
 */
export interface ProposalIndex {
  addForMembers(proposalId: string, senderId: string, receiverId: string): Promise<void>;
  addForListings(proposalId: string, listingIds: readonly string[]): Promise<void>;
  /** Records a proposal's current status for both its parties. */
  noteStatus(p: Proposal): Promise<void>;
  /** Oldest first. */
  entriesOf(userId: string): Promise<MemberEntry[]>;
  idsOfListing(listingId: string): Promise<string[]>;
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
 * (a unique key holds on FerretDB and MongoDB alike, without transactions). Every claim and
 * take-over is first filed in the claims calendar, where the sweeper finds it after the grace.
 */
export interface ReservationStore {
  /** 'claimed', or the reservation that already holds the listing. */
  claim(listingId: string, proposalId: string, at: Date): Promise<'claimed' | Reservation>;
  /** Moves a reservation from one proposal to another if it is still the one read. */
  takeOver(held: Reservation, proposalId: string, at: Date): Promise<boolean>;
  /** Removes the listing's reservation if `proposalId` holds it. */
  release(listingId: string, proposalId: string): Promise<void>;
  find(listingId: string): Promise<Reservation | undefined>;
}

/**
 * One document per open set of terms from a sender to a receiver: inserting it claims those terms.
 * A claim whose proposal is no longer open with those terms is stale and may be taken over.
 */
export interface TermsClaims {
  claim(
    key: string,
    proposalId: string,
    at: Date,
  ): Promise<'claimed' | { proposalId: string; at: Date }>;
  takeOver(key: string, fromProposalId: string, toProposalId: string, at: Date): Promise<boolean>;
}

/**
 * Ids filed by time in fixed-size buckets keyed by _id, so a sweep reads only the buckets that
 * passed since its last run (never a scan). Used for when proposals fall due (scheduled before the
 * write that sets the expiry; an entry whose proposal was answered meanwhile is skipped) and for
 * recent reservation claims (the sweeper checks them once their grace period is over).
 */
export interface Calendar {
  bucketOf(at: Date): number;
  schedule(id: string, at: Date): Promise<void>;
  /** The first bucket not yet swept for good, or undefined before the first sweep. */
  cursor(): Promise<number | undefined>;
  setCursor(bucket: number): Promise<void>;
  idsIn(bucket: number): Promise<string[]>;
  drop(bucket: number): Promise<void>;
}

/** Who may see proposal details (payment's subscription events). */
export interface Entitlements {
  isEntitled(userId: string): Promise<boolean>;
}
