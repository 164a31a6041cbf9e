import { randomUUID } from 'node:crypto';
import { PeriodicJob, type ServiceContext } from '@swapbooth/runtime';
import { RedisWindowLimiter } from '@swapbooth/service-kit';
import type { ExchangeConfig } from './config';
import { EntitlementsRepository } from './proposals/data/entitlements/entitlements.repository';
import { ListingsRepository } from './proposals/data/listings/listings.repository';
import { PartiesRepository } from './shared/data/parties/parties.repository';
import { ProposalsRepository } from './proposals/data/proposals/proposals.repository';
import { ReservationsRepository } from './proposals/data/reservations/reservations.repository';
import type { ProposalDeps } from './proposals/domain/proposal-deps';
import { halfWayReservations, overdueProposals } from './proposals/domain/sweep-proposals';
import { sweepDue } from './shared/domain/due-work';
import { buildRatingsDeps } from './ratings/deps';
import { buildCircleDeps } from './circles/deps';
import { CirclesRepository } from './circles/data/circles/circles.repository';
import { circleHolds } from './circles/domain/circle-life';
import { buildMathTradeDeps } from './math-trades/deps';

/** Everything the routes and event handlers use, wired once per running service. */
export function buildDeps(ctx: ServiceContext<ExchangeConfig>) {
  const kick = ctx.eventsWritten;
  const now = () => new Date();
  const proposals = new ProposalsRepository(ctx.conn, kick);
  const reservations = new ReservationsRepository(ctx.conn, ctx.config.RESERVATION_GRACE_MS);
  const circleStore = new CirclesRepository(ctx.conn, kick);
  const proposalDeps: ProposalDeps = {
    proposals,
    listings: new ListingsRepository(ctx.conn),
    reservations,
    entitlements: new EntitlementsRepository(ctx.conn),
    logger: ctx.logger,
    now,
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
    circleHolds: (id) => circleHolds({ circles: circleStore }, id),
  };
  const deps = {
    ...proposalDeps,
    config: ctx.config,
    // Narrow types again: the projections' apply methods are used by the event handlers.
    listings: proposalDeps.listings as ListingsRepository,
    entitlements: proposalDeps.entitlements as EntitlementsRepository,
    proposals,
    parties: new PartiesRepository(ctx.conn),
  };
  /** The ratings module: rates the other party of a completed exchange. */
  const ratings = buildRatingsDeps(ctx, { proposals, parties: deps.parties, now });
  return {
    ...deps,
    ratings,
    /** Want lists, trade circles, the live matcher and the circle sweep. */
    circles: buildCircleDeps(ctx, circleStore, proposalDeps),
    /** Math trades: booths, organiser standings and solved want-list files. */
    mathTrading: buildMathTradeDeps(ctx, { parties: deps.parties, now }),
    /** Who rated what, for the proposal view's `rated_by_me` and `rate` action. */
    ratingLedger: ratings.ledger,
    /** Expires overdue proposals and releases abandoned reservations (started with the service). */
    proposalSweeper: new PeriodicJob(
      'proposal-sweep',
      ctx.config.PROPOSAL_SWEEP_MS,
      () => sweepDue([overdueProposals(deps), halfWayReservations(deps)], deps),
      ctx.logger,
    ),
  };
}

export type ExchangeDeps = ReturnType<typeof buildDeps>;
