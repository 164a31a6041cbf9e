import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { ServiceContext } from '@swapbooth/runtime';
import type { ExchangeConfig } from './config';
import { CalendarRepository } from './data/calendar/calendar.repository';
import { calendarBucketModel } from './data/calendar/calendar.model';
import { exclusionModel } from './data/circle-exclusions/exclusion.model';
import { ExclusionsRepository } from './data/circle-exclusions/exclusions.repository';
import { circleMemberModel, circleModel } from './data/circles/circle.model';
import { CirclesRepository } from './data/circles/circles.repository';
import { MarketRepository } from './data/market/market.repository';
import { leaseModel } from './data/matcher-lease/lease.model';
import { LeaseRepository } from './data/matcher-lease/lease.repository';
import { wantListModel, wantListOwnerModel } from './data/want-lists/want-list.model';
import { WantListsRepository } from './data/want-lists/want-lists.repository';
import { isAbandoned } from './domain/answer-proposal';
import type { CircleDeps } from './domain/circle-ports';
import { sweepCircles } from './domain/circle-life';
import { matchCircles } from './domain/match-circles';
import type { ProposalDeps } from './domain/proposal-deps';
import { CircleMatcherJob } from './jobs/circle-matcher';
import { PeriodicJob } from './jobs/periodic-job';

/** The circles module's collections; returns the one with an outbox (for the service's `models`). */
export function circleModels(conn: Connection) {
  wantListModel(conn);
  wantListOwnerModel(conn);
  circleMemberModel(conn);
  exclusionModel(conn);
  leaseModel(conn);
  calendarBucketModel(conn, 'circles');
  return [circleModel(conn)];
}

/**
 * Want lists and trade circles: the use cases' ports, the live matcher (debounced, one replica at
 * a time through a lease) and the sweep that ends circles nobody answered in time.
 */
export function buildCircleDeps(
  ctx: ServiceContext<ExchangeConfig>,
  circles: CirclesRepository,
  shared: Pick<
    ProposalDeps,
    | 'listings'
    | 'reservations'
    | 'proposals'
    | 'proposalIndex'
    | 'logger'
    | 'now'
    | 'newId'
    | 'reservationGraceMs'
    | 'circleHolds'
  >,
) {
  const c = ctx.config;
  const deps: CircleDeps = {
    ...shared,
    wantLists: new WantListsRepository(ctx.conn),
    circles,
    circleIndex: circles,
    exclusions: new ExclusionsRepository(ctx.conn),
    market: new MarketRepository(ctx.conn),
    circleCalendar: new CalendarRepository(ctx.conn, 'circles', 60_000),
    circleAnswerMs: c.CIRCLE_ANSWER_HOURS * 3600_000,
    exclusionMs: c.CIRCLE_EXCLUDE_HOURS * 3600_000,
    rematch: () => matcher.poke(),
  };
  const abandoned = (holder: string, at: Date) =>
    isAbandoned(
      { ...shared, proposals: shared.proposals },
      { listingId: '', proposalId: holder, at },
      shared.now(),
    );
  const matcher: CircleMatcherJob = new CircleMatcherJob(
    () => matchCircles(deps, abandoned, { timeLimitMs: c.CIRCLE_SOLVE_MS }),
    new LeaseRepository(ctx.conn, 'circle-matcher'),
    {
      holder: `${hostname()}:${process.pid}:${randomUUID()}`,
      debounceMs: c.CIRCLE_MATCH_DEBOUNCE_MS,
      everyMs: c.CIRCLE_MATCH_EVERY_MS,
      leaseMs: c.CIRCLE_MATCHER_LEASE_MS,
      checkMs: c.CIRCLE_MATCH_CHECK_MS,
    },
    ctx.logger,
  );
  return {
    ...deps,
    matcher,
    /**
     * Dissolves circles nobody answered in time and settles accepted ones (started with the
     * service). Only the replica holding the matcher's lease sweeps, so two replicas never end or
     * settle the same circle at once (on the local MongoDB-compatible server, writes to one
     * document from two connections can overwrite each other despite the version guard).
     */
    sweeper: new PeriodicJob(
      'circle-sweep',
      c.CIRCLE_SWEEP_MS,
      () => sweepCircles(deps),
      ctx.logger,
      () => matcher.holding,
    ),
  };
}

export type CirclesDeps = ReturnType<typeof buildCircleDeps>;
