import type { ServiceContext } from '@swapbooth/runtime';
import { RatingsRepository } from './data/ratings/ratings.repository';
import type { PartyDirectory, ProposalLookup, RatingLedger } from '../shared/domain/ports';
import { oneAtATime } from './domain/one-at-a-time';
import type { RatingUseCaseDeps } from './domain/rate-exchange';

/** What the ratings' routes and use cases need. */
export interface RatingsDeps extends RatingUseCaseDeps {
  parties: PartyDirectory;
  /** For the proposal view's `rated_by_me` (the same repository). */
  ledger: RatingLedger;
}

/**
 * The ratings module, wired from the two ports it borrows from the rest of the service: the
 * proposals (who the parties are, whether it is completed) and the members' directory.
 */
export function buildRatingsDeps(
  ctx: Pick<ServiceContext, 'conn' | 'eventsWritten'>,
  ports: { proposals: ProposalLookup; parties: PartyDirectory; now?: () => Date },
): RatingsDeps {
  const ratings = new RatingsRepository(ctx.conn, ctx.eventsWritten);
  return {
    ratings,
    ledger: ratings,
    proposals: ports.proposals,
    parties: ports.parties,
    now: ports.now ?? (() => new Date()),
    oneAtATime: oneAtATime(),
  };
}

/** Registers the ratings' models; returns the one with an outbox (for the service's `models`). */
export { ratingsModels } from './data/ratings/rating.model';
