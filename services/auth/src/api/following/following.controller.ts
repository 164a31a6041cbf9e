import type { Request } from 'express';
import { handle, parse, principalOf } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import type { FollowList } from '../../domain/following';
import { idParams, pageQuery } from '../common.schemas';
import { followSchema } from './following.schemas';

/** `/{id}` names the member; without it, the caller. */
const subjectOf = (req: Request): string =>
  req.params.id !== undefined ? parse(idParams, req.params, 'id').id : principalOf(req).userId;

const listBody = (key: 'followers' | 'following', l: FollowList) => ({
  [key]: l.users,
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
        data: { followingUserId, isFollowing: true, changed: started },
        message: started ? 'Now following' : 'Already following',
      });
    }),

    unfollow: handle(async (req, res) => {
      const { followingUserId } = parse(followSchema, req.body);
      const ended = await f.unfollow(principalOf(req).userId, followingUserId);
      res.json({
        success: true,
        data: { followingUserId, isFollowing: false, changed: ended },
        message: ended ? 'Unfollowed' : 'Was not following',
      });
    }),

    followers: handle(async (req, res) => {
      const { page, limit } = parse(pageQuery, req.query, 'query');
      const list = await f.followers(subjectOf(req), page, limit);
      res.json({ success: true, data: listBody('followers', list) });
    }),

    following: handle(async (req, res) => {
      const { page, limit } = parse(pageQuery, req.query, 'query');
      const list = await f.following(subjectOf(req), page, limit);
      res.json({ success: true, data: listBody('following', list) });
    }),

    status: handle(async (req, res) => {
      const { id } = parse(idParams, req.params, 'id');
      res.json({ success: true, data: await f.status(req.principal?.userId, id) });
    }),
  };
}
