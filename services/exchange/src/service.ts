import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { ExchangeConfig } from './config';
import { buildDeps, type ExchangeDeps } from './deps';
import { subscriptions } from './events/subscriptions';
import { proposalModels } from './proposals/deps';
import { partyModel } from './shared/data/parties/party.model';
import { ratingsModels } from './ratings/deps';
import { circleModels } from './circles/deps';
import { circlesRoutes } from './circles/api/circles/circles.routes';
import { mathTradeModels } from './math-trades/deps';
import { disputeModels } from './disputes/deps';
import { disputesRoutes } from './disputes/api/disputes/disputes.routes';
import { proposalsRoutes } from './proposals/api/proposals/proposals.routes';
import { ratingsRoutes } from './ratings/api/ratings/ratings.routes';
import { organisersRoutes } from './math-trades/api/organisers/organisers.routes';
import { mathTradesRoutes } from './math-trades/api/math-trades/math-trades.routes';

export type ExchangeOverrides = RuntimeOverrides & {
  /** The service's clock (the trade clocks' tests move time instead of waiting). */
  now?: () => Date;
};

/** Starts the exchange service: its database, event plumbing and HTTP API. */
export function startExchangeService(
  config: Readonly<ExchangeConfig>,
  { now, ...overrides }: ExchangeOverrides = {},
): Promise<RunningService<ExchangeConfig, ExchangeDeps>> {
  return startServiceRuntime({
    name: 'exchange',
    config,
    models: (conn) => {
      partyModel(conn);
      mathTradeModels(conn);
      // Aggregates whose events go out through the outbox.
      return [
        ...proposalModels(conn),
        ...ratingsModels(conn),
        ...circleModels(conn),
        ...disputeModels(conn),
      ];
    },
    deps: (ctx) => buildDeps(ctx, now),
    subscriptions,
    onStart: async (deps) => {
      // Proposals stored before their query fields existed get them once (none on a new database).
      const updated = await deps.proposals.addQueryFields();
      if (updated) deps.logger.info({ updated }, 'proposals given their query fields');
      // Ratings written before reveal times existed were shown at once; they stay shown.
      const revealed = await deps.ratings.store.addRevealTimes();
      if (revealed) deps.logger.info({ revealed }, 'ratings given their reveal time');
      deps.ratings.revealer.start();
      deps.proposalSweeper.start();
      deps.circles.sweeper.start();
      deps.circles.matcher.start();
    },
    onStop: async ({ proposalSweeper, circles, ratings }) => {
      await ratings.revealer.stop();
      await circles.matcher.stop();
      await circles.sweeper.stop();
      await proposalSweeper.stop();
    },
    routes: (app, deps, ctx) => {
      app.use(proposalsRoutes(ctx, deps));
      app.use(disputesRoutes(ctx, deps.disputes));
      app.use(ratingsRoutes(ctx, deps.ratings));
      app.use(organisersRoutes(ctx, deps.mathTrading));
      app.use(mathTradesRoutes(ctx, deps.mathTrading));
      app.use(circlesRoutes(ctx, deps));
    },
    ...overrides,
  });
}
