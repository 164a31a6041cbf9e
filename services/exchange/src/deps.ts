import type { ServiceContext } from '@swapbooth/runtime';
import type { ExchangeConfig } from './config';
import { PartiesRepository } from './shared/data/parties/parties.repository';
import { buildProposalDeps } from './proposals/deps';
import { buildRatingsDeps } from './ratings/deps';
import { buildCircleDeps } from './circles/deps';
import { CirclesRepository } from './circles/data/circles/circles.repository';
import { circleHolds } from './circles/domain/circle-life';
import { buildMathTradeDeps } from './math-trades/deps';
import { buildDisputeDeps } from './disputes/deps';

/**
 * Everything the routes and event handlers use, wired once per running service: the proposals
 * module at the top level (the other modules borrow from it), the shared members' directory, and
 * one entry per other module.
 */
export function buildDeps(
  ctx: ServiceContext<ExchangeConfig>,
  /** The time every use case reads (a test's clock moves it; real time by default). */
  now: () => Date = () => new Date(),
) {
  const circleStore = new CirclesRepository(ctx.conn, ctx.eventsWritten);
  const proposalDeps = buildProposalDeps(ctx, {
    now,
    circleHolds: (id) => circleHolds({ circles: circleStore }, id),
  });
  const deps = {
    ...proposalDeps,
    config: ctx.config,
    parties: new PartiesRepository(ctx.conn),
  };
  /** The ratings module: rates the other party of a completed exchange. */
  const ratings = buildRatingsDeps(ctx, { proposals: deps.proposals, parties: deps.parties, now });
  /** Disputes: a problem reported on an accepted exchange, answered, or resolved by an admin. */
  const disputes = buildDisputeDeps(ctx, proposalDeps, {
    parties: deps.parties,
    circleMembers: async (id) =>
      (await circleStore.findById(id))?.members.map((m) => m.userId) ?? [],
  });
  proposalDeps.dueWork.push(disputes.dueWork, disputes.settleWork);
  return {
    ...deps,
    ratings,
    disputes,
    /** Want lists, trade circles, the live matcher and the circle sweep. */
    circles: buildCircleDeps(ctx, circleStore, proposalDeps),
    /** Math trades: booths, organiser standings and solved want-list files. */
    mathTrading: buildMathTradeDeps(ctx, { parties: deps.parties, now }),
    /** Who rated what, for the proposal view's `rated_by_me` and `rate` action. */
    ratingLedger: ratings.ledger,
  };
}

export type ExchangeDeps = ReturnType<typeof buildDeps>;
