import { Router, type Request, type Response } from 'express';
import {
  AppError,
  assertSelf,
  handle,
  parse,
  principalOf,
  requireAuth,
} from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import { tradeEmailBody as proposalBody } from '@swapbooth/contracts';
import type { NotificationDeps } from '../../deps';

const kinds = {
  'exchange-received': 'exchange-received',
  'exchange-accepted': 'exchange-accepted',
  'exchange-completed': 'exchange-completed',
} as const;

/**
 * SPEC §7 POST /api/trade-notifications/*: the service sends these e-mails itself when the event
 * happens; a client call is accepted from a party and sends only what was not sent yet (once per
 * proposal, kind and recipient).
 */
export function tradeNotificationsRoutes(ctx: ServiceContext, deps: NotificationDeps): Router {
  const r = Router();
  const member = requireAuth(ctx.memberTokens);

  for (const kind of Object.values(kinds)) {
    r.post(
      `/api/trade-notifications/${kind}`,
      member,
      handle(async (req: Request, res: Response) => {
        const proposalId = parse(proposalBody, req.body);
        if (!proposalId) throw AppError.invalid('proposalId: is required', 'proposalId');
        const sent = await deps.tradeEmails.requestedForProposal(
          principalOf(req).userId,
          kind,
          proposalId,
        );
        res.json({ success: true, data: { sent } });
      }),
    );
  }
  r.post(
    '/api/trade-notifications/subscription',
    member,
    handle(async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as { userId?: unknown };
      const me = assertSelf(req, body.userId);
      res.json({ success: true, data: { sent: await deps.tradeEmails.forSubscription(me) } });
    }),
  );
  return r;
}
