import type { Request, Response } from 'express';
import { assertSelf, parse, principalOf } from '@swapbooth/service-kit';
import {
  answerRating,
  changeRating,
  proposalRatings,
  rateExchange,
  removeRating,
  userRatings,
} from '../../domain/rate-exchange';
import type { RatingsDeps } from '../../deps';
import { RatingPresenter } from './rating-presenter';
import {
  answerRatingBody,
  changeRatingBody,
  createRatingBody,
  ratingIdParam,
  removeRatingBody,
  userRatingsQuery,
} from './ratings.schemas';

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

    async change(req: Request, res: Response) {
      const raterId = principalOf(req).userId;
      const id = parse(ratingIdParam, req.params.id, 'id');
      const body = parse(changeRatingBody, req.body);
      const rating = await changeRating(deps, raterId, id, {
        value: body.rating_value,
        comment: body.comment,
      });
      ok(res, await presenter.one(rating));
    },

    async answer(req: Request, res: Response) {
      const memberId = principalOf(req).userId;
      const id = parse(ratingIdParam, req.params.id, 'id');
      const body = parse(answerRatingBody, req.body);
      ok(res, await presenter.one(await answerRating(deps, memberId, id, body.comment)), 201);
    },

    /** The admin service's call, with the acting admin's token (reports permission). */
    async remove(req: Request, res: Response) {
      const adminId = principalOf(req).userId;
      const id = parse(ratingIdParam, req.params.id, 'id');
      const body = parse(removeRatingBody, req.body ?? {});
      const removed = await removeRating(deps, adminId, id, body.reason);
      ok(res, {
        ...(await presenter.one(removed)),
        status: 'removed',
        removed_at: removed.removal!.at.toISOString(),
      });
    },

    /** The admin service's call: a member's shown ratings, for moderation. */
    async adminOfUser(req: Request, res: Response) {
      const userId = parse(ratingIdParam, req.params.id, 'id');
      const page = await userRatings(deps, userId, 50);
      ok(res, {
        ratings: await presenter.many(page.ratings),
        average_rating: page.average,
        count: page.count,
      });
    },
  };
}
