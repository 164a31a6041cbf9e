import { Router, type Response } from 'express';
import { sandboxCheckoutPageQuery } from '@swapbooth/contracts';
import { handle } from '@swapbooth/service-kit';
import { SandboxNotFound, type SandboxProvider } from '../../adapters/sandbox/sandbox-provider';
import { idField } from '../http';
import { checkoutPage, identityPage } from './sandbox-pages';

/** Scripts none, styles inline, forms post here and return to the app. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'";

/**
 * The sandbox provider's Checkout and Identity pages (only when no Stripe key is configured).
 * Public through the gateway, like Stripe's own hosted pages: the unguessable session id is the
 * capability, and what they do is deliver webhooks the endpoint verifies like any other.
 */
export function sandboxRoutes(sandbox: SandboxProvider, appUrl: string): Router {
  const r = Router();
  const appOrigin = new URL(appUrl).origin;
  /** A same-origin return as a path, so it works whatever host the browser used. */
  const back = (res: Response, url: string) => {
    const u = new URL(url, appUrl);
    res.redirect(303, u.origin === appOrigin ? `${u.pathname}${u.search}` : u.toString());
  };
  const html = (res: Response, body: string) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(body);
  };
  const guard = (fn: (id: string, res: Response, declined: boolean) => Promise<void>) =>
    handle(async (req, res) => {
      const parsed = idField.safeParse(req.params.id);
      try {
        if (!parsed.success) throw new SandboxNotFound('');
        const declined = sandboxCheckoutPageQuery.safeParse(req.query).data?.declined === '1';
        await fn(parsed.data, res, declined);
      } catch (err) {
        if (!(err instanceof SandboxNotFound)) throw err;
        res.status(404).type('text').send('No such sandbox session');
      }
    });

  const checkout = '/api/stripe/sandbox/checkout/:id';
  r.get(
    checkout,
    guard(async (id, res, declined) => {
      const s = await sandbox.checkoutSession(id);
      html(res, checkoutPage(id, s.plan, { open: s.status === 'open', declined }));
    }),
  );
  r.post(
    `${checkout}/pay`,
    guard(async (id, res) => back(res, await sandbox.payCheckout(id))),
  );
  r.post(
    `${checkout}/decline`,
    guard(async (id, res) => {
      await sandbox.declineCheckout(id);
      res.redirect(303, `/api/stripe/sandbox/checkout/${encodeURIComponent(id)}?declined=1`);
    }),
  );
  r.post(
    `${checkout}/cancel`,
    guard(async (id, res) => back(res, await sandbox.cancelCheckoutUrl(id))),
  );

  const identity = '/api/stripe/sandbox/identity/:id';
  r.get(
    identity,
    guard(async (id, res) => {
      const v = await sandbox.verificationSession(id);
      html(res, identityPage(id, v.status));
    }),
  );
  r.post(
    `${identity}/verify`,
    guard(async (id, res) => back(res, await sandbox.completeVerification(id, 'verify'))),
  );
  r.post(
    `${identity}/fail`,
    guard(async (id, res) => back(res, await sandbox.completeVerification(id, 'fail'))),
  );
  r.post(
    `${identity}/cancel`,
    guard(async (id, res) => back(res, (await sandbox.verificationSession(id)).return_url)),
  );
  return r;
}
