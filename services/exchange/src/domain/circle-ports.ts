import type { DomainEvent } from '@swapbooth/event-bus';
import type { Logger } from '@swapbooth/service-kit';
import type { Circle, Edge } from './circle';
import type {
  Calendar,
  Listing,
  ListingDirectory,
  ProposalIndex,
  ProposalRepository,
  ReservationStore,
} from './proposal-ports';

/** One listing's want list: the other members' listings its owner would accept, best first. */
export interface WantList {
  productId: string;
  ownerId: string;
  wants: string[];
  updatedAt: Date;
}

/** Want lists, one document per listing, and per member the listings that have one. */
export interface WantListStore {
  put(list: WantList): Promise<void>;
  remove(productId: string, ownerId: string): Promise<void>;
  find(productId: string): Promise<WantList | undefined>;
  ofOwner(ownerId: string): Promise<WantList[]>;
  /** Every want list (the matcher reads them all). */
  all(): Promise<WantList[]>;
}

/** Circles: one document per circle, written with its events in one update. */
export interface CircleRepository {
  insert(c: Circle, events: DomainEvent[]): Promise<void>;
  /** Stores `c` with its events if the stored version is still `expectedVersion`. */
  replace(c: Circle, expectedVersion: number, events: DomainEvent[]): Promise<boolean>;
  findById(id: string): Promise<Circle | undefined>;
}

/** Per member, the circles they are in (a document keyed by the member id, never a scan). */
export interface CircleIndex {
  add(circleId: string, userIds: readonly string[]): Promise<void>;
  idsOf(userId: string): Promise<string[]>;
}

/** Edges a member declined or let expire, left out of the matching until `until`. */
export interface EdgeExclusions {
  exclude(edges: readonly Edge[], until: Date): Promise<void>;
  /** The keys (`edgeKey`) of the edges still excluded at `now`. */
  active(now: Date): Promise<Set<string>>;
}

/** The whole-market reads the matcher needs (one query each, not one per id). */
export interface MarketScan {
  /** The listings among these ids, read in one query. */
  listingsIn(ids: readonly string[]): Promise<Map<string, Listing>>;
  /** Every listing that a reservation holds now (an exchange's or a pending circle's). */
  reservedListingIds(): Promise<Set<string>>;
}

/**
 * The matcher's lease: one document with a unique _id naming its holder and expiry. Claimed by
 * inserting it, or by a version-guarded update once the holder's time ran out (or to renew it).
 */
export interface MatcherLease {
  claim(holder: string, ttlMs: number, now: Date): Promise<boolean>;
  release(holder: string): Promise<void>;
  /** Asks the holder for a run: a change was made on a replica that does not hold the lease. */
  request(now: Date): Promise<void>;
  /** When a run was last asked for (undefined if never). */
  requestedAt(): Promise<Date | undefined>;
}

/** What the circle use cases need; each takes only the parts it uses. */
export interface CircleDeps {
  wantLists: WantListStore;
  circles: CircleRepository;
  circleIndex: CircleIndex;
  exclusions: EdgeExclusions;
  market: MarketScan;
  listings: ListingDirectory;
  reservations: ReservationStore;
  proposals: ProposalRepository;
  proposalIndex: ProposalIndex;
  /** When pending circles fall due, and when an accepted one must have settled. */
  circleCalendar: Calendar;
  logger: Logger;
  now(): Date;
  newId(): string;
  /** How long members have to answer a circle. */
  circleAnswerMs: number;
  /** How long a declined or expired edge stays out of the matching. */
  exclusionMs: number;
  /** How long a reservation whose circle is not stored yet is left alone. */
  reservationGraceMs: number;
  /** Asks the matcher to look again soon (debounced). */
  rematch(): void;
}
