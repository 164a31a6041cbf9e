import { ratingIdParam, removeRatingBody } from '@swapbooth/contracts';
import { parse } from '@swapbooth/service-kit';
import { memberRatings, removeRating } from '../../domain/ratings';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { actorOf, idParam, ok } from '../http';

/**
 * Ratings that break the rules, under the reports area (content members report): a member's shown
 * ratings, and the removal of one (through exchange, audited).
 */
export function ratingsRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/ratings/user/:userId', 'reports', async (req, res) => {
    const userId = parse(idParam, req.params.userId, 'userId');
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await memberRatings(deps.moderation, actor, userId));
  });
  r.add('delete', '/api/admin/ratings/:id', 'reports', async (req, res) => {
    // A rating's id is `<proposalId>:<raterId>`.
    const id = parse(ratingIdParam, req.params.id, 'id');
    const { reason } = parse(removeRatingBody, req.body ?? {});
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await removeRating(deps.moderation, actor, id, reason));
  });
}
