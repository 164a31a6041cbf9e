import type { Request } from 'express';
import type {
  FollowChangeResponse,
  FollowersResponse,
  FollowingResponse,
  FollowStatusResponse,
} from '@swapbooth/contracts';
import { handle, parse, principalOf } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import type { FollowList } from '../../domain/following';
import { idParams, pageQuery } from '../common.schemas';
import { followSchema } from './following.schemas';

/** `/{id}` names the member; without it, the caller. */
const subjectOf = (req: Request): string =>
  req.params.id !== undefined ? parse(idParams, req.params, 'id').id : principalOf(req).userId;

const pageOf = (l: FollowList) => ({
  total: l.total,
  page: l.page,
  limit: l.limit,
  totalPages: l.totalPages,
});

/** Following members. */
export function followingController(deps: AuthDeps) {
  const f = deps.following;
  return {
    follow: handle(async (req, res) => {
      const { followingUserId } = parse(followSchema, req.body);
      const started = await f.follow(principalOf(req).userId, followingUserId);
      res.json({
        success: true,
        data: {
          followingUserId,
          isFollowing: true,
          changed: started,
        } satisfies FollowChangeResponse,
        message: started ? 'Now following' : 'Already following',
      });
    }),

    unfollow: handle(async (req, res) => {
      const { followingUserId } = parse(followSchema, req.body);
      const ended = await f.unfollow(principalOf(req).userId, followingUserId);
      res.json({
        success: true,
        data: {
          followingUserId,
          isFollowing: false,
          changed: ended,
        } satisfies FollowChangeResponse,
        message: ended ? 'Unfollowed' : 'Was not following',
      });
    }),

    followers: handle(async (req, res) => {
      const { page, limit } = parse(pageQuery, req.query, 'query');
      const list = await f.followers(subjectOf(req), page, limit);
      const data: FollowersResponse = { followers: list.users, ...pageOf(list) };
      res.json({ success: true, data });
    }),

    following: handle(async (req, res) => {
      const { page, limit } = parse(pageQuery, req.query, 'query');
      const list = await f.following(subjectOf(req), page, limit);
      const data: FollowingResponse = { following: list.users, ...pageOf(list) };
      res.json({ success: true, data });
    }),

    status: handle(async (req, res) => {
      const { id } = parse(idParams, req.params, 'id');
      const data: FollowStatusResponse = await f.status(req.principal?.userId, id);
      res.json({ success: true, data });
    }),
  };
}
