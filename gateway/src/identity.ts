import type { RequestHandler } from 'express';
import {
  AppError,
  bearerToken,
  verifyToken,
  type TokenVerifierOptions,
} from '@swapbooth/service-kit';
import { accessFor } from './access-rules';

/** Headers only the platform may set: anything a client sends under these names is dropped. */
const INTERNAL_HEADER =
  /^(x-user-|x-admin-|x-internal-|x-swapbooth-|x-forwarded-user|x-authenticated-)/i;

export const stripInternalHeaders: RequestHandler = (req, _res, next) => {
  for (const name of Object.keys(req.headers)) {
    if (INTERNAL_HEADER.test(name)) delete req.headers[name];
  }
  next();
};

/**
 * Verifies tokens early: public routes pass, member routes need a valid member token,
 * admin routes an admin token. Services verify again; this keeps junk away from them.
 */
export function requireAccess(
  member: TokenVerifierOptions,
  admin: TokenVerifierOptions,
  perUser: (userId: string) => Promise<void>,
): RequestHandler {
  return (req, _res, next) => {
    const access = accessFor(req.method, req.path);
    const token = bearerToken(req);
    if (access === 'public' && !token) return next();
    const run = async () => {
      if (!token) throw AppError.unauthorized('No authentication token');
      if (access === 'admin') {
        const p = verifyToken(token, admin);
        if (await admin.isRevoked?.(p))
          throw AppError.unauthorized('Session has ended; please sign in again');
        return;
      }
      if (access === 'public') {
        // A token on a public call is passed on (it may personalise the answer) but must not be junk
        // for member audiences; an admin token there is simply forwarded.
        return;
      }
      const p = verifyToken(token, member);
      if (await member.isRevoked?.(p))
        throw AppError.unauthorized('Session has ended; please sign in again');
      await perUser(p.userId);
    };
    run().then(() => next(), next);
  };
}
