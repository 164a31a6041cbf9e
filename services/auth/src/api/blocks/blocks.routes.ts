import { Router } from 'express';
import {
  authPageQuery,
  blockParams,
  type BlockChangeResponse,
  type BlockListResponse,
  type BlockStatusResponse,
} from '@swapbooth/contracts';
import { handle, parse, principalOf, requireAuth } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';

/**
 * A member's blocks: the actor is the token's member, the path names the other member. Each
 * route is one use-case call (the routes-without-controllers variant).
 */
export function blocksRoutes(deps: AuthDeps): Router {
  const b = deps.blocking;
  const auth = requireAuth(deps.ctx.memberTokens);
  const router = Router();
  router.get(
    '/api/auth/blocks',
    auth,
    handle(async (req, res) => {
      const { page, limit } = parse(authPageQuery, req.query, 'query');
      const data: BlockListResponse = await b.list(principalOf(req).userId, page, limit);
      res.json({ success: true, data });
    }),
  );
  router.get(
    '/api/auth/blocks/:userId',
    auth,
    handle(async (req, res) => {
      const { userId } = parse(blockParams, req.params, 'userId');
      const data: BlockStatusResponse = {
        userId,
        isBlocked: await b.isBlocking(principalOf(req).userId, userId),
      };
      res.json({ success: true, data });
    }),
  );
  router.post(
    '/api/auth/blocks/:userId',
    auth,
    handle(async (req, res) => {
      const { userId } = parse(blockParams, req.params, 'userId');
      const changed = await b.block(principalOf(req).userId, userId);
      const data: BlockChangeResponse = { userId, isBlocked: true, changed };
      res.json({ success: true, data, message: changed ? 'Blocked' : 'Already blocked' });
    }),
  );
  router.delete(
    '/api/auth/blocks/:userId',
    auth,
    handle(async (req, res) => {
      const { userId } = parse(blockParams, req.params, 'userId');
      const changed = await b.unblock(principalOf(req).userId, userId);
      const data: BlockChangeResponse = { userId, isBlocked: false, changed };
      res.json({ success: true, data, message: changed ? 'Unblocked' : 'Was not blocked' });
    }),
  );
  return router;
}
