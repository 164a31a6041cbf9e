import type { Request, Response } from 'express';
import { assertSelf, parse, principalOf } from '@swapbooth/service-kit';
import { proposalRatings, rateExchange, userRatings } from '../../domain/rate-exchange';
import type { RatingsDeps } from '../../deps';
import { RatingPresenter } from './rating-presenter';
import { createRatingBody, ratingIdParam, userRatingsQuery } from './ratings.schemas';

const ok = (res: Response, data: unknown, status = 200) =>
  res.status(status).json({ success: true, data });

/** HTTP in and out for ratings. The rater is always the caller. */
export function ratingsController(deps: RatingsDeps) {
  const presenter = new RatingPresenter(deps.parties);

  return {
    async create(req: Request, res: Response) {
      const body = parse(createRatingBody, req.body);
      const raterId = assertSelf(req, body.rater_id);
      const rating = await rateExchange(deps, raterId, {
        proposalId: body.proposal_id,
        ratedUserId: body.rated_user_id,
        value: body.rating_value,
        comment: body.comment,
      });
      ok(res, await presenter.one(rating), 201);
    },

    async ofUser(req: Request, res: Response) {
      const userId = parse(ratingIdParam, req.params.id, 'id');
      const { limit } = parse(userRatingsQuery, req.query, 'query');
      const page = await userRatings(deps, userId, limit);
      ok(res, {
        ratings: await presenter.many(page.ratings),
        average_rating: page.average,
        count: page.count,
      });
    },

    async ofProposal(req: Request, res: Response) {
      const viewerId = principalOf(req).userId;
      const proposalId = parse(ratingIdParam, req.params.id, 'id');
      ok(res, { ratings: await presenter.many(await proposalRatings(deps, viewerId, proposalId)) });
    },
  };
}
