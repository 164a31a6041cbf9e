import type { SessionTokenResponse } from '@swapbooth/contracts';
import { handle, parse, principalOf } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { clientAddress } from '../client-address';
import { setRefreshCookie, type CookieSettings } from '../sessions/session-cookie';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from './password.schemas';

/** Forgotten, reset and changed passwords. */
export function passwordController(deps: AuthDeps, cookies: CookieSettings) {
  return {
    forgot: handle(async (req, res) => {
      const { email } = parse(forgotPasswordSchema, req.body);
      await deps.passwords.forgot(email);
      res.json({
        success: true,
        data: null,
        message: 'If an account exists for this address, we sent a link to reset the password.',
      });
    }),

    reset: handle(async (req, res) => {
      const { token, newPassword } = parse(resetPasswordSchema, req.body);
      await deps.passwords.reset(token, newPassword);
      res.json({
        success: true,
        data: null,
        message: 'Your password was changed. Please sign in with the new password.',
      });
    }),

    change: handle(async (req, res) => {
      const { currentPassword, newPassword } = parse(changePasswordSchema, req.body);
      const session = await deps.passwords.change(
        principalOf(req).userId,
        currentPassword,
        newPassword,
        clientAddress(req),
      );
      setRefreshCookie(res, session, cookies);
      res.json({
        success: true,
        data: {
          token: session.accessToken,
          expiresIn: session.expiresIn,
        } satisfies SessionTokenResponse,
        message: 'Password changed. Your other sessions were signed out.',
      });
    }),
  };
}
