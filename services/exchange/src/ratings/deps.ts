import { PeriodicJob, type ServiceContext } from '@swapbooth/runtime';
import { RatingsRepository } from './data/ratings/ratings.repository';
import type { PartyDirectory, ProposalLookup, RatingLedger } from '../shared/domain/ports';
import { oneAtATime } from './domain/one-at-a-time';
import { dueRatings, type RatingUseCaseDeps } from './domain/rate-exchange';
import { revealTimeOf } from './domain/rating';
import { sweepDue } from '../shared/domain/due-work';
import type { ExchangeConfig } from '../config';

/** What the ratings' routes and use cases need. */
export interface RatingsDeps extends RatingUseCaseDeps {
  parties: PartyDirectory;
  /** For the proposal view's `rated_by_me` and its `rate` action (until the window closes). */
  ledger: RatingLedger;
  /** The same repository, for the start's one-time step. */
  store: RatingsRepository;
  /**
   * Shows the ratings whose reveal time has come (started with the service). Each rating is
   * counted once however many replicas sweep: the count is guarded by the summary's version and
   * skips a rating already in it.
   */
  revealer: PeriodicJob;
  /** One pass of the reveal sweep at `deps.now()` (what the job runs). */
  revealDue(): Promise<Record<string, number>>;
}

/**
 * The ratings module, wired from the two ports it borrows from the rest of the service: the
 * proposals (who the parties are, whether it is completed) and the members' directory.
 */
export function buildRatingsDeps(
  ctx: Pick<ServiceContext<ExchangeConfig>, 'conn' | 'eventsWritten' | 'config' | 'logger'>,
  ports: { proposals: ProposalLookup; parties: PartyDirectory; now?: () => Date },
): RatingsDeps {
  const ratings = new RatingsRepository(ctx.conn, ctx.eventsWritten);
  const revealAfterMs = ctx.config.RATING_REVEAL_HOURS * 3600_000;
  const deps: RatingsDeps = {
    ratings,
    ledger: {
      hasRated: (proposalId, raterId) => ratings.hasRated(proposalId, raterId),
      windowOpen: (completedAt, now) =>
        !completedAt || revealTimeOf({ completedAt }, now, revealAfterMs) > now,
    },
    store: ratings,
    proposals: ports.proposals,
    parties: ports.parties,
    now: ports.now ?? (() => new Date()),
    oneAtATime: oneAtATime(),
    revealAfterMs,
    // Reads `deps.now` at each pass, so a test can move the clock.
    revealDue: () => sweepDue([dueRatings(deps)], { now: () => deps.now(), logger: ctx.logger }),
    revealer: undefined as unknown as PeriodicJob,
  };
  deps.revealer = new PeriodicJob(
    'rating-reveal',
    ctx.config.RATING_SWEEP_MS,
    () => deps.revealDue(),
    ctx.logger,
  );
  return deps;
}

/** Registers the ratings' models; returns the one with an outbox (for the service's `models`). */
export { ratingsModels } from './data/ratings/rating.model';
