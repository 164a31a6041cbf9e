import type { Logger } from '@swapbooth/service-kit';
import type {
  Entitlements,
  ExpiryCalendar,
  ListingDirectory,
  ProposalIndex,
  ProposalRepository,
  ReservationStore,
  TermsClaims,
} from './proposal-ports';

/** What the proposal use cases need; each takes only the parts it uses. */
export interface ProposalDeps {
  proposals: ProposalRepository;
  proposalIndex: ProposalIndex;
  listings: ListingDirectory;
  reservations: ReservationStore;
  termsClaims: TermsClaims;
  entitlements: Entitlements;
  expiryCalendar: ExpiryCalendar;
  logger: Logger;
  now(): Date;
  newId(): string;
  /** How long an open proposal waits for an answer. */
  proposalTtlMs: number;
  /** How long a reservation without an accepted proposal is left alone (see the sweeper). */
  reservationGraceMs: number;
}
