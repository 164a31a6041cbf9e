import type { DisputeStatus } from '@swapbooth/contracts';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { Logger } from '@swapbooth/service-kit';
import type { Proposal } from '../../proposals/domain/proposal';
import type { ProposalRepository, ReservationStore } from '../../proposals/domain/proposal-ports';
import type { Dispute } from './dispute';

/** Disputes storage: one document per dispute, written with its events in one update. */
export interface DisputeRepository {
  /** Stores a new dispute; false when the exchange already has a dispute that is not closed. */
  insert(d: Dispute, events: DomainEvent[]): Promise<boolean>;
  /** Stores `d` with its events if the stored version is still `expectedVersion`. */
  replace(d: Dispute, expectedVersion: number, events: DomainEvent[]): Promise<boolean>;
  findById(id: string): Promise<Dispute | undefined>;
  /** The exchange's latest dispute. */
  latestOf(proposalId: string): Promise<Dispute | undefined>;
  /** One page, the oldest escalation first for the escalated queue, newest first otherwise. */
  page(q: {
    status?: DisputeStatus;
    page: number;
    limit: number;
  }): Promise<{ items: Dispute[]; total: number }>;
  /** Ids of disputes whose answer period ended by `now`, the longest overdue first. */
  dueIds(now: Date, limit: number): Promise<string[]>;
  /** Ids of closed disputes whose exchange may not be settled yet, due by `now`. */
  settleDueIds(now: Date, limit: number): Promise<string[]>;
  /** Notes that the closed dispute's exchange is settled. */
  settled(id: string): Promise<void>;
  /** The disputes (any status) of these exchanges, the latest of each. */
  latestOfEach(proposalIds: readonly string[]): Promise<Map<string, Dispute>>;
}

/** What the dispute use cases need. */
export interface DisputeDeps {
  disputes: DisputeRepository;
  proposals: ProposalRepository;
  reservations: ReservationStore;
  logger: Logger;
  now(): Date;
  newId(): string;
  /** How long the respondent has to answer before Swapbooth steps in. */
  answerMs: number;
  /** The other members of the trade circle an exchange is one edge of. */
  circleMembers(circleId: string): Promise<string[]>;
}

export type { Proposal };
