import type { SessionTokenResponse } from '@swapbooth/contracts';
import { bearerToken, handle, verifyToken } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import {
  clearRefreshCookie,
  refreshTokenOf,
  setRefreshCookie,
  type CookieSettings,
} from './session-cookie';

/** Refreshing and ending sessions. */
export function sessionsController(deps: AuthDeps, cookies: CookieSettings) {
  return {
    refresh: handle(async (req, res) => {
      try {
        const session = await deps.sessions.refresh(refreshTokenOf(req));
        setRefreshCookie(res, session, cookies);
        res.json({
          success: true,
          data: {
            token: session.accessToken,
            expiresIn: session.expiresIn,
          } satisfies SessionTokenResponse,
        });
      } catch (err) {
        clearRefreshCookie(res, cookies);
        throw err;
      }
    }),

    /** Always succeeds: revokes what it is shown (a valid access token, the refresh cookie). */
    logout: handle(async (req, res) => {
      const token = bearerToken(req);
      let access: { jti: string; expiresAt: number } | undefined;
      if (token) {
        try {
          access = verifyToken(token, deps.ctx.memberTokens);
        } catch {
          access = undefined;
        }
      }
      await deps.sessions.end(access, refreshTokenOf(req));
      clearRefreshCookie(res, cookies);
      res.json({ success: true, data: null, message: 'Signed out' });
    }),
  };
}
