import type { Request, Response } from 'express';
import type { SignedInResponse } from '@swapbooth/contracts';
import type { IssuedSession } from '../../domain/sessions';
import type { SignedIn } from '../../domain/sign-in';
import { accountView } from '../presenters';

export const REFRESH_COOKIE = 'swapbooth_refresh';
/** The refresh cookie only travels to the session endpoints. */
const COOKIE_PATH = '/api/auth';

export interface CookieSettings {
  secure: boolean;
}

export const refreshTokenOf = (req: Request): string | undefined => {
  const v = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
};

export function setRefreshCookie(res: Response, s: IssuedSession, cfg: CookieSettings): void {
  res.cookie(REFRESH_COOKIE, s.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cfg.secure,
    path: COOKIE_PATH,
    expires: s.refreshExpiresAt,
  });
}

export function clearRefreshCookie(res: Response, cfg: CookieSettings): void {
  res.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cfg.secure,
    path: COOKIE_PATH,
  });
}

/** Answers a successful sign-in: access token in the body, refresh token in the cookie. */
export function sendSignedIn(
  res: Response,
  signedIn: SignedIn,
  cfg: CookieSettings,
  message = 'Signed in',
  status = 200,
): void {
  setRefreshCookie(res, signedIn.session, cfg);
  res.status(status).json({
    success: true,
    data: {
      token: signedIn.session.accessToken,
      expiresIn: signedIn.session.expiresIn,
      user: accountView(signedIn.user),
    } satisfies SignedInResponse,
    message,
  });
}
