import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { PeriodicJob, type ServiceContext } from '@swapbooth/runtime';
import { RedisWindowLimiter } from '@swapbooth/service-kit';
import type { ExchangeConfig } from '../config';
import { sweepDue, type DueWork } from '../shared/domain/due-work';
import { entitlementModel } from './data/entitlements/entitlement.model';
import { EntitlementsRepository } from './data/entitlements/entitlements.repository';
import { listingModel } from './data/listings/listing.model';
import { memberBlockModel } from './data/member-blocks/member-block.model';
import { MemberBlocksRepository } from './data/member-blocks/member-blocks.repository';
import { ListingsRepository } from './data/listings/listings.repository';
import { proposalModel } from './data/proposals/proposal.model';
import { ProposalsRepository } from './data/proposals/proposals.repository';
import { reservationModel } from './data/reservations/reservation.model';
import { ReservationsRepository } from './data/reservations/reservations.repository';
import type { ProposalDeps } from './domain/proposal-deps';
import { dueClocks, halfWayReservations, overdueProposals } from './domain/sweep-proposals';

/** The proposals module's collections; returns the one with an outbox (for the service's `models`). */
export function proposalModels(conn: Connection) {
  reservationModel(conn);
  listingModel(conn);
  entitlementModel(conn);
  memberBlockModel(conn);
  return [proposalModel(conn)];
}

/**
 * The proposals module: proposals and their rounds, the listings projection, the reservations an
 * accept claims and the members' entitlement to details. `circleHolds` is the one question it asks
 * the circles module (whether a circle still stands behind a reservation).
 */
export function buildProposalDeps(
  ctx: ServiceContext<ExchangeConfig>,
  ports: Pick<ProposalDeps, 'now' | 'circleHolds'>,
) {
  const proposals = new ProposalsRepository(ctx.conn, ctx.eventsWritten);
  const proposalDeps: ProposalDeps = {
    proposals,
    listings: new ListingsRepository(ctx.conn),
    reservations: new ReservationsRepository(ctx.conn, ctx.config.RESERVATION_GRACE_MS),
    entitlements: new EntitlementsRepository(ctx.conn),
    memberBlocks: new MemberBlocksRepository(ctx.conn),
    logger: ctx.logger,
    now: ports.now,
    newId: () => randomUUID(),
    proposalSends: new RedisWindowLimiter(
      ctx.redis,
      'proposals-sent',
      ctx.config.PROPOSALS_PER_HOUR,
      3600,
    ),
    proposalCaps: {
      openPerPair: ctx.config.OPEN_PROPOSALS_PER_PAIR,
      perHour: ctx.config.PROPOSALS_PER_HOUR,
    },
    proposalTtlMs: ctx.config.PROPOSAL_TTL_HOURS * 3600_000,
    reservationGraceMs: ctx.config.RESERVATION_GRACE_MS,
    clock: {
      shipMs: ctx.config.SHIP_DEADLINE_HOURS * 3600_000,
      deliveryMs: ctx.config.DELIVERY_ASSUMED_HOURS * 3600_000,
      reportMs: ctx.config.REPORT_WINDOW_HOURS * 3600_000,
    },
    circleHolds: ports.circleHolds,
  };
  /** Due work other modules add (disputes), swept with the proposals'. */
  const dueWork: DueWork[] = [];
  const sweepDueWork = () =>
    sweepDue(
      [
        overdueProposals(proposalDeps),
        halfWayReservations(proposalDeps),
        dueClocks(proposalDeps),
        ...dueWork,
      ],
      proposalDeps,
    );
  return {
    ...proposalDeps,
    dueWork,
    // Narrow types again: the projections' apply methods are used by the event handlers.
    listings: proposalDeps.listings as ListingsRepository,
    entitlements: proposalDeps.entitlements as EntitlementsRepository,
    proposals,
    /**
     * One pass of the due-work sweep: expires overdue proposals, releases abandoned reservations,
     * moves accepted exchanges' clocks, and runs the due work other modules added.
     */
    sweepDueWork,
    /** Runs `sweepDueWork` on a timer (started with the service). */
    proposalSweeper: new PeriodicJob(
      'proposal-sweep',
      ctx.config.PROPOSAL_SWEEP_MS,
      sweepDueWork,
      ctx.logger,
    ),
  };
}
