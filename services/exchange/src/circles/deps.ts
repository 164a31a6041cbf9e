import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { PeriodicJob, type ServiceContext } from '@swapbooth/runtime';
import type { ExchangeConfig } from '../config';
import { exclusionModel } from './data/circle-exclusions/exclusion.model';
import { ExclusionsRepository } from './data/circle-exclusions/exclusions.repository';
import { circleModel } from './data/circles/circle.model';
import { CirclesRepository } from './data/circles/circles.repository';
import { MarketRepository } from './data/market/market.repository';
import { leaseModel } from './data/matcher-lease/lease.model';
import { LeaseRepository } from './data/matcher-lease/lease.repository';
import { wantListModel } from './data/want-lists/want-list.model';
import { WantListsRepository } from './data/want-lists/want-lists.repository';
import { isAbandoned } from '../proposals/domain/answer-proposal';
import type { CircleDeps } from './domain/circle-ports';
import { dueCircles } from './domain/circle-life';
import { sweepDue } from '../shared/domain/due-work';
import { matchCircles } from './domain/match-circles';
import type { ProposalDeps } from '../proposals/domain/proposal-deps';
import { CircleMatcherJob } from './jobs/circle-matcher';

/** The circles module's collections; returns the one with an outbox (for the service's `models`). */
export function circleModels(conn: Connection) {
  wantListModel(conn);
  exclusionModel(conn);
  leaseModel(conn);
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
    | 'memberBlocks'
    | 'logger'
    | 'now'
    | 'newId'
    | 'reservationGraceMs'
    | 'circleHolds'
    | 'clock'
  >,
) {
  const c = ctx.config;
  const deps: CircleDeps = {
    ...shared,
    wantLists: new WantListsRepository(ctx.conn),
    circles,
    exclusions: new ExclusionsRepository(ctx.conn),
    market: new MarketRepository(ctx.conn),
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
     * service). Only the replica holding the matcher's lease sweeps: every write is guarded by
     * the version it read, so two sweeps would not overwrite each other, but one sweeping replica
     * does the work once instead of racing for it.
     */
    sweeper: new PeriodicJob(
      'circle-sweep',
      c.CIRCLE_SWEEP_MS,
      () => sweepDue([dueCircles(deps)], deps),
      ctx.logger,
      () => matcher.holding,
    ),
  };
}

export type CirclesDeps = ReturnType<typeof buildCircleDeps>;
