import { Router, type Request } from 'express';
import {
  disputeStepBody,
  disputesQuery,
  openDisputeBody,
  resolveDisputeBody,
} from '@swapbooth/contracts';
import { handle, parse, principalOf, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import { idParam, ok } from '../../../shared/api/http';
import type { DisputesModule } from '../../deps';
import {
  disputeForAdmin,
  disputeOfExchange,
  disputesPage,
  openDispute,
  resolveDispute,
  takeDisputeStep,
} from '../../domain/disputes';
import { adminExchangeView, disputeView } from './dispute-presenter';

/**
 * Disputes: the parties' routes on their exchange, and the calls the admin service makes with the
 * acting admin's token (never exposed by the gateway), which need the disputes area. Each route
 * calls one use case and presents its answer.
 */
export function disputesRoutes(ctx: ServiceContext, deps: DisputesModule): Router {
  const r = Router();
  const member = requireAuth(ctx.memberTokens);
  const admin = [requireAuth(ctx.adminTokens), requirePermission('disputes')];
  const id = (req: Request) => parse(idParam, req.params.id, 'id');
  const me = (req: Request) => principalOf(req).userId;

  r.post(
    '/api/exchange/proposal/:id/dispute',
    member,
    handle(async (req, res) => {
      const body = parse(openDisputeBody, req.body);
      const d = await openDispute(deps, id(req), me(req), body);
      ok(res, disputeView(d, me(req)), 201);
    }),
  );
  r.get(
    '/api/exchange/proposal/:id/dispute',
    member,
    handle(async (req, res) => {
      ok(res, disputeView(await disputeOfExchange(deps, id(req), me(req)), me(req)));
    }),
  );
  r.post(
    '/api/exchange/proposal/:id/dispute/steps',
    member,
    handle(async (req, res) => {
      const body = parse(disputeStepBody, req.body);
      const d = await takeDisputeStep(deps, id(req), me(req), body.step, body.message);
      ok(res, disputeView(d, me(req)));
    }),
  );

  r.get(
    '/internal/disputes',
    ...admin,
    handle(async (req, res) => {
      const q = parse(disputesQuery, req.query, 'query');
      const { items, total } = await disputesPage(deps, {
        ...(q.status ? { status: q.status } : {}),
        page: q.page,
        limit: q.limit,
      });
      ok(res, {
        disputes: items.map((d) => disputeView(d)),
        totalCount: total,
        page: q.page,
        limit: q.limit,
        totalPages: Math.max(1, Math.ceil(total / q.limit)),
      });
    }),
  );
  r.get(
    '/internal/disputes/:id',
    ...admin,
    handle(async (req, res) => {
      const { dispute, proposal } = await disputeForAdmin(deps, id(req));
      ok(res, { dispute: disputeView(dispute), proposal: await adminExchangeView(deps, proposal) });
    }),
  );
  r.post(
    '/internal/disputes/:id/resolve',
    ...admin,
    handle(async (req, res) => {
      const body = parse(resolveDisputeBody, req.body);
      const d = await resolveDispute(deps, id(req), {
        adminId: principalOf(req).userId,
        outcome: body.outcome,
        note: body.note,
        ...(body.favouring ? { favouring: body.favouring } : {}),
        ...(body.sanction
          ? { sanction: { userId: body.sanction.user_id, kind: body.sanction.kind } }
          : {}),
      });
      ok(res, disputeView(d));
    }),
  );
  return r;
}
