import { Router, type Request, type Response } from 'express';
import {
  createSavedSearchBody,
  SAVED_SEARCHES_PER_MEMBER,
  savedSearchIdParam,
  updateSavedSearchBody,
  type SavedSearchListResponse,
} from '@swapbooth/contracts';
import { handle, parse, principalOf, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { SearchDeps } from '../../deps';
import { toSavedSearchResponse } from './saved-search-presenter';

const idOf = (req: Request): string => parse(savedSearchIdParam, req.params.id, 'id');

/**
 * A member's saved searches. Each handler parses, names the actor from the token, makes one
 * `savedSearches` call and presents it.
 */
export function savedSearchesRoutes(ctx: ServiceContext, deps: SearchDeps): Router {
  const r = Router();
  const member = requireAuth(ctx.memberTokens);
  const searches = deps.savedSearches;

  r.get(
    '/api/saved-searches',
    member,
    handle(async (req: Request, res: Response) => {
      const list = await searches.list(principalOf(req).userId);
      const data: SavedSearchListResponse = {
        searches: list.map(toSavedSearchResponse),
        max: SAVED_SEARCHES_PER_MEMBER,
      };
      res.json({ success: true, data });
    }),
  );
  r.post(
    '/api/saved-searches',
    member,
    handle(async (req: Request, res: Response) => {
      const body = parse(createSavedSearchBody, req.body);
      const saved = await searches.create(principalOf(req).userId, body);
      res.status(201).json({ success: true, data: toSavedSearchResponse(saved) });
    }),
  );
  r.patch(
    '/api/saved-searches/:id',
    member,
    handle(async (req: Request, res: Response) => {
      const id = idOf(req);
      const body = parse(updateSavedSearchBody, req.body);
      const saved = await searches.update(principalOf(req).userId, id, body);
      res.json({ success: true, data: toSavedSearchResponse(saved) });
    }),
  );
  r.post(
    '/api/saved-searches/:id/open',
    member,
    handle(async (req: Request, res: Response) => {
      const saved = await searches.open(principalOf(req).userId, idOf(req));
      res.json({ success: true, data: toSavedSearchResponse(saved) });
    }),
  );
  r.delete(
    '/api/saved-searches/:id',
    member,
    handle(async (req: Request, res: Response) => {
      await searches.remove(principalOf(req).userId, idOf(req));
      res.json({ success: true, data: null, message: 'Saved search deleted' });
    }),
  );
  return r;
}
