import type { DomainEvent } from '@swapbooth/event-bus';
import type { Logger } from '@swapbooth/service-kit';
import type { Circle, Edge } from './circle';
import type {
  ListingDirectory,
  ProposalRepository,
  ReservationStore,
} from '../../proposals/domain/proposal-ports';
import type { MemberBlocks } from '../../proposals/domain/member-blocks';
import type { ClockSettings } from '../../proposals/domain/trade-clock';

/** One listing's want list: the other members' listings its owner would accept, best first. */
export interface WantList {
  productId: string;
  ownerId: string;
  wants: string[];
  updatedAt: Date;
}

/** Want lists, one document per listing. */
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
  /** The circles a member is in, newest first. */
  ofMember(userId: string): Promise<Circle[]>;
  /**
   * Ids of circles with work due (up to `limit` of each kind): pending ones whose answers were
   * due by `now`, and accepted ones not settled since `settleBefore` (a settlement that stopped
   * half-way).
   */
  dueIds(now: Date, settleBefore: Date, limit: number): Promise<string[]>;
}

/** Edges a member declined or let expire, left out of the matching until `until`. */
export interface EdgeExclusions {
  exclude(edges: readonly Edge[], until: Date): Promise<void>;
  /** The keys (`edgeKey`) of the edges still excluded at `now`. */
  active(now: Date): Promise<Set<string>>;
}

/** The whole-market read the matcher needs besides the listings themselves. */
export interface MarketScan {
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
  exclusions: EdgeExclusions;
  market: MarketScan;
  listings: ListingDirectory;
  reservations: ReservationStore;
  proposals: ProposalRepository;
  /** Members who block each other are never in one circle. */
  memberBlocks: Pick<MemberBlocks, 'pairsAmong'>;
  logger: Logger;
  now(): Date;
  newId(): string;
  /** How long members have to answer a circle. */
  circleAnswerMs: number;
  /** How long a declined or expired edge stays out of the matching. */
  exclusionMs: number;
  /** How long a reservation whose circle is not stored yet is left alone. */
  reservationGraceMs: number;
  /** The clocks each edge's exchange starts with once the circle settles (none when absent). */
  clock?: ClockSettings;
  /** Asks the matcher to look again soon (debounced). */
  rematch(): void;
}
