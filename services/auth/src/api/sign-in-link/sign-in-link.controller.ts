import { handle, parse } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { sendSignedIn, type CookieSettings } from '../sessions/session-cookie';
import { redeemLinkSchema, requestLinkSchema } from './sign-in-link.schemas';

/** One-time sign-in links sent by e-mail. */
export function signInLinkController(deps: AuthDeps, cookies: CookieSettings) {
  return {
    request: handle(async (req, res) => {
      const { email } = parse(requestLinkSchema, req.body);
      await deps.signInLinks.request(email);
      res.json({
        success: true,
        data: null,
        message: 'If an account exists for this address, we sent a sign-in link to it.',
      });
    }),

    redeem: handle(async (req, res) => {
      const { token } = parse(redeemLinkSchema, req.body);
      sendSignedIn(
        res,
        await deps.signInLinks.redeem(token),
        cookies,
        'Signed in with the e-mailed link',
      );
    }),
  };
}
