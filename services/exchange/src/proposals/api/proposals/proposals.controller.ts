import type { Request, Response } from 'express';
import type {
  ProductProposalsResponse,
  ProposalPageResponse,
  ExchangeStatsResponse,
} from '@swapbooth/contracts';
import { AppError, assertSelf, parse, principalOf } from '@swapbooth/service-kit';
import type { ExchangeDeps } from '../../../deps';
import {
  changeProposalStatus,
  confirmExchange,
  counterProposal,
  extendShipping,
  updateShipping,
} from '../../domain/answer-proposal';
import { createProposal } from '../../domain/create-proposal';
import type { Terms } from '../../domain/proposal';
import {
  getProposal,
  listingProposals,
  memberProposals,
  memberStats,
} from '../../domain/read-proposals';
import { idParam, ok } from '../../../shared/api/http';
import { ProposalPresenter } from './proposal-presenter';
import { RequestReads } from './request-reads';
import {
  confirmBody,
  counterBody,
  createProposalBody,
  extendBody,
  memberProposalsQuery,
  shippingBody,
  statusBody,
  type CounterBody,
} from './proposals.schemas';

const termsOf = (b: CounterBody): Terms => ({
  requestedProductIds: b.requestedProductIds,
  offeredProductIds: b.offeredProductIds,
  message: b.message,
  depositAmount: b.deposit_amount,
  senderShippingContribution: b.sender_shipping_contribution,
  receiverShippingContribution: b.receiver_shipping_contribution,
});

/** HTTP in and out for proposals; each handler calls one use case. The actor is the token's. */
export function proposalsController(deps: ExchangeDeps) {
  const presenter = new ProposalPresenter(deps);
  const param = (req: Request, name: string) => parse(idParam, req.params[name], name);
  const me = (req: Request) => principalOf(req).userId;
  /**
   * A use case's deps and the presenter of its answer for one request: the answer shows the
   * listings and entitlement the use case read, without reading them again.
   */
  const oneRequest = () => {
    const reads = new RequestReads(deps.listings, deps.entitlements);
    return {
      deps: { ...deps, listings: reads.listings, entitlements: reads.entitlements },
      presenter: new ProposalPresenter({ ...deps, ...reads.answer }),
    };
  };

  return {
    async create(req: Request, res: Response) {
      const body = parse(createProposalBody, req.body);
      const actor = assertSelf(req, body.userId);
      const request = oneRequest();
      const p = await createProposal(request.deps, actor, body.receiverId, termsOf(body));
      ok(res, await request.presenter.one(p, actor), 201);
    },
    async byId(req: Request, res: Response) {
      const p = await getProposal(deps, param(req, 'id'), me(req));
      ok(res, await presenter.one(p, me(req)));
    },
    async status(req: Request, res: Response) {
      const id = param(req, 'id');
      const body = parse(statusBody, req.body);
      const actor = assertSelf(req, body.userId);
      const request = oneRequest();
      const p = await changeProposalStatus(request.deps, id, actor, body.status);
      ok(res, await request.presenter.one(p, actor));
    },
    async counter(req: Request, res: Response) {
      const id = param(req, 'id');
      const body = parse(counterBody, req.body);
      const actor = assertSelf(req, body.userId);
      const request = oneRequest();
      const p = await counterProposal(request.deps, id, actor, termsOf(body));
      ok(res, await request.presenter.one(p, actor));
    },
    async shipping(req: Request, res: Response) {
      const id = param(req, 'id');
      const body = parse(shippingBody, req.body);
      const actor = assertSelf(req, body.userId);
      const p = await updateShipping(deps, id, actor, body.type, body.status, body.trackingNote);
      ok(res, await presenter.one(p, actor));
    },
    async confirm(req: Request, res: Response) {
      const id = param(req, 'id');
      const actor = assertSelf(req, parse(confirmBody, req.body).userId);
      ok(res, await presenter.one(await confirmExchange(deps, id, actor), actor));
    },
    async extend(req: Request, res: Response) {
      const id = param(req, 'id');
      const body = parse(extendBody, req.body);
      const actor = assertSelf(req, body.userId);
      ok(res, await presenter.one(await extendShipping(deps, id, actor, body.type), actor));
    },
    async ofMember(req: Request, res: Response) {
      const userId = assertSelf(req, param(req, 'id'));
      const q = parse(memberProposalsQuery, req.query, 'query');
      try {
        const found = await memberProposals(deps, userId, {
          ...(q.role ? { role: q.role } : {}),
          statuses: q.status,
          page: q.page,
          limit: q.limit,
        });
        const page: ProposalPageResponse = {
          proposals: await presenter.many(found.items, userId),
          totalCount: found.total,
          page: q.page,
          limit: q.limit,
          totalPages: Math.ceil(found.total / q.limit),
        };
        ok(res, page);
      } catch (err) {
        if (err instanceof AppError) throw err;
        deps.logger.error({ err, userId }, 'member proposals failed');
        // SPEC §8: the member's proposals answer this message when they cannot be read.
        throw new AppError('internal', 'Failed to fetch proposals');
      }
    },
    async ofListing(req: Request, res: Response) {
      const viewer = me(req);
      const found = await listingProposals(deps, viewer, param(req, 'id'));
      const answer: ProductProposalsResponse = {
        proposals: await presenter.many(found.items, viewer),
        counts: found.counts,
      };
      ok(res, answer);
    },
    async stats(req: Request, res: Response) {
      const stats: ExchangeStatsResponse = await memberStats(deps, param(req, 'id'));
      ok(res, stats);
    },
  };
}
