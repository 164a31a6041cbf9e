import type { Logger } from '@swapbooth/service-kit';
import type {
  Entitlements,
  ListingDirectory,
  ProposalRepository,
  ReservationStore,
} from './proposal-ports';
import type { ProposalCaps, ProposalSendCounter } from './proposal-caps';
import type { ClockSettings } from './trade-clock';
import type { MemberBlocks } from './member-blocks';

/** What the proposal use cases need; each takes only the parts it uses. */
export interface ProposalDeps {
  proposals: ProposalRepository;
  listings: ListingDirectory;
  reservations: ReservationStore;
  entitlements: Entitlements;
  /** Blocks between members (auth's events): a blocked pair cannot trade. */
  memberBlocks: MemberBlocks;
  logger: Logger;
  now(): Date;
  newId(): string;
  /** New proposals per member and hour (see proposal-caps). */
  proposalSends: ProposalSendCounter;
  proposalCaps: ProposalCaps;
  /** How long an open proposal waits for an answer. */
  proposalTtlMs: number;
  /** How long a reservation without an accepted proposal is left alone (see the sweeper). */
  reservationGraceMs: number;
  /** An accepted exchange's shipping, delivery and report periods (see trade-clock). */
  clock: ClockSettings;
  /** Whether the trade circle behind a reservation still holds it ('unknown': no such circle). */
  circleHolds(circleId: string): Promise<'holds' | 'released' | 'unknown'>;
}
