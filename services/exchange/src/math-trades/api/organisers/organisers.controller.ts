import type { Request, Response } from 'express';
import { organiserDecisionBody, organisersQuery } from '@swapbooth/contracts';
import { parse, principalOf } from '@swapbooth/service-kit';
import {
  askToOrganise,
  decideOrganiser,
  myStanding,
  organisersWith,
  type OrganiserDeps,
} from '../../domain/organiser';
import type { PartyDirectory } from '../../../shared/domain/ports';
import { idParam, ok } from '../../../shared/api/http';
import { OrganiserRequestPresenter, organiserView } from './organiser-presenter';

/** HTTP in and out for organiser standings: the member's own, and the admin service's calls. */
export function organisersController(deps: OrganiserDeps & { parties: PartyDirectory }) {
  const requests = new OrganiserRequestPresenter(deps);

  return {
    async mine(req: Request, res: Response) {
      ok(res, organiserView(await myStanding(deps, principalOf(req).userId)));
    },

    async ask(req: Request, res: Response) {
      ok(res, organiserView(await askToOrganise(deps, principalOf(req).userId)), 201);
    },

    async list(req: Request, res: Response) {
      const { status } = parse(organisersQuery, req.query, 'query');
      ok(res, { organisers: await requests.many(await organisersWith(deps, status)) });
    },

    async decide(req: Request, res: Response) {
      const userId = parse(idParam, req.params.userId, 'userId');
      const { status } = parse(organiserDecisionBody, req.body);
      const before = await myStanding(deps, userId);
      const after = await decideOrganiser(deps, principalOf(req).userId, userId, status);
      ok(res, { ...(await requests.one(after)), previous_status: before.status });
    },
  };
}
