import type { Connection } from 'mongoose';
import type { ServiceContext } from '@swapbooth/runtime';
import type { ExchangeConfig } from '../config';
import type { ListingDirectory } from '../proposals/domain/proposal-ports';
import type { ProposalDeps } from '../proposals/domain/proposal-deps';
import type { PartyDirectory } from '../shared/domain/ports';
import { disputeModel } from './data/disputes/dispute.model';
import { DisputesRepository } from './data/disputes/disputes.repository';
import type { DisputeDeps } from './domain/dispute-ports';
import { overdueDisputes, unsettledDisputes } from './domain/disputes';

/** The disputes module's collection (it has an outbox, for the service's `models`). */
export function disputeModels(conn: Connection) {
  return [disputeModel(conn)];
}

/** What the disputes' routes and use cases need. */
export interface DisputesModule extends DisputeDeps {
  listings: ListingDirectory;
  parties: PartyDirectory;
}

/**
 * The disputes module, built on the proposals module (a dispute holds its exchange `disputed` and
 * closes by completing or cancelling it) and asking the circles module one question: who else is
 * in an exchange's circle.
 */
export function buildDisputeDeps(
  ctx: ServiceContext<ExchangeConfig>,
  shared: Pick<
    ProposalDeps,
    'proposals' | 'reservations' | 'listings' | 'logger' | 'now' | 'newId'
  >,
  ports: { parties: PartyDirectory; circleMembers(circleId: string): Promise<string[]> },
) {
  const deps: DisputesModule = {
    disputes: new DisputesRepository(ctx.conn, ctx.eventsWritten),
    proposals: shared.proposals,
    reservations: shared.reservations,
    listings: shared.listings,
    logger: shared.logger,
    now: shared.now,
    newId: shared.newId,
    answerMs: ctx.config.DISPUTE_ANSWER_HOURS * 3600_000,
    parties: ports.parties,
    circleMembers: ports.circleMembers,
  };
  return {
    ...deps,
    /** Disputes whose answer period ran out, for the due-work sweep. */
    dueWork: overdueDisputes(deps),
    /** Closed disputes whose exchange is still to be settled, for the due-work sweep. */
    settleWork: unsettledDisputes(deps),
  };
}

export type DisputesDeps = ReturnType<typeof buildDisputeDeps>;
