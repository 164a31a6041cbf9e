import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RequestHandler, Request } from 'express';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { AppError } from './errors';

/** The caller as established from a verified token. */
export interface Principal {
  userId: string;
  jti: string;
  /** Seconds since epoch, from `iat`. */
  issuedAt: number;
  expiresAt: number;
  kind: 'member' | 'admin';
  role?: string;
  permissions?: Record<string, boolean>;
}

export interface TokenVerifierOptions {
  publicKey: string;
  issuer: string;
  audience: string;
  /** Expected `typ` claim: 'access' for members, 'admin' for admin sessions. */
  type: 'access' | 'admin';
  /** Optional revocation check (deny-listed jti, user tokens revoked after a time, suspended user). */
  isRevoked?: (p: Principal) => Promise<boolean>;
}

export function readPublicKey(cfg: {
  JWT_PUBLIC_KEY?: string;
  JWT_PUBLIC_KEY_FILE?: string;
}): string {
  if (cfg.JWT_PUBLIC_KEY) return cfg.JWT_PUBLIC_KEY.replace(/\\n/g, '\n');
  if (cfg.JWT_PUBLIC_KEY_FILE) return readFileSync(cfg.JWT_PUBLIC_KEY_FILE, 'utf8');
  throw new Error('JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE must be set');
}

// Parsing a PEM costs more than checking a signature: keep one key object per PEM.
const keyObjects = new Map<string, KeyObject>();
const keyObjectOf = (pem: string): KeyObject => {
  let key = keyObjects.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    keyObjects.set(pem, key);
  }
  return key;
};

/**
 * Tokens already verified, by their exact text: a member's token comes back with every call for
 * its whole life, and checking its RSA signature again each time is most of what a small read
 * costs. An entry holds only for the key and claims it was checked against, and only until the
 * token's expiry; tokens with a not-before time are always checked in full. Bounded: the oldest
 * entry goes when it is full.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<
  string,
  { publicKey: string; issuer: string; audience: string; type: string; principal: Principal }
>();

function verifiedBefore(token: string, opts: TokenVerifierOptions): Principal | undefined {
  const hit = verified.get(token);
  if (
    !hit ||
    hit.publicKey !== opts.publicKey ||
    hit.issuer !== opts.issuer ||
    hit.audience !== opts.audience ||
    hit.type !== opts.type
  ) {
    return undefined;
  }
  // As jsonwebtoken decides it: expired from the second of `exp` on.
  if (Math.floor(Date.now() / 1000) >= hit.principal.expiresAt) {
    verified.delete(token);
    return undefined;
  }
  return { ...hit.principal };
}

function remember(token: string, opts: TokenVerifierOptions, principal: Principal): void {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, {
    publicKey: opts.publicKey,
    issuer: opts.issuer,
    audience: opts.audience,
    type: opts.type,
    principal: { ...principal },
  });
}

/** Verifies an RS256 token with algorithms pinned and iss/aud/exp/typ checked; throws 401 on any problem. */
export function verifyToken(token: string, opts: TokenVerifierOptions): Principal {
  const known = verifiedBefore(token, opts);
  if (known) return known;
  let payload: JwtPayload;
  try {
    const decoded = jwt.verify(token, keyObjectOf(opts.publicKey), {
      algorithms: ['RS256'],
      issuer: opts.issuer,
      audience: opts.audience,
      complete: false,
    });
    if (typeof decoded === 'string') throw new Error('unexpected payload');
    payload = decoded;
  } catch {
    throw AppError.unauthorized('Invalid or expired token');
  }
  if (typeof payload.exp !== 'number') throw AppError.unauthorized('Token has no expiry');
  if (payload.typ !== opts.type) throw AppError.unauthorized('Wrong token type');
  if (!payload.sub || !payload.jti)
    throw AppError.unauthorized('Token is missing its subject or id');
  const principal: Principal = {
    userId: payload.sub,
    jti: payload.jti,
    issuedAt: payload.iat ?? 0,
    expiresAt: payload.exp,
    kind: opts.type === 'admin' ? 'admin' : 'member',
    ...(typeof payload.role === 'string' ? { role: payload.role } : {}),
    ...(payload.permissions && typeof payload.permissions === 'object'
      ? { permissions: payload.permissions as Record<string, boolean> }
      : {}),
  };
  if (payload.nbf === undefined) remember(token, opts, principal);
  return principal;
}

export function bearerToken(req: Pick<Request, 'headers'>): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const [scheme, value] = h.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

async function authenticate(req: Request, opts: TokenVerifierOptions): Promise<Principal> {
  const token = bearerToken(req);
  if (!token) throw AppError.unauthorized('No authentication token');
  const principal = verifyToken(token, opts);
  if (opts.isRevoked && (await opts.isRevoked(principal))) {
    throw AppError.unauthorized('Session has ended; please sign in again');
  }
  return principal;
}

/** Requires a valid token; sets req.principal. */
export function requireAuth(opts: TokenVerifierOptions): RequestHandler {
  return (req, _res, next) => {
    authenticate(req, opts).then((p) => {
      req.principal = p;
      next();
    }, next);
  };
}

/** Accepts a request without a token; a token that is present must be valid. */
export function optionalAuth(opts: TokenVerifierOptions): RequestHandler {
  return (req, _res, next) => {
    if (!bearerToken(req)) return next();
    authenticate(req, opts).then((p) => {
      req.principal = p;
      next();
    }, next);
  };
}

/** The authenticated caller, or a 401. */
export function principalOf(req: Request): Principal {
  if (!req.principal) throw AppError.unauthorized();
  return req.principal;
}

/**
 * The actor always comes from the token. A user id given in a path or body must equal the token
 * subject; anything else is a 403. Returns the caller's id.
 */
export function assertSelf(req: Request, claimedUserId: unknown): string {
  const me = principalOf(req).userId;
  if (
    claimedUserId !== undefined &&
    claimedUserId !== null &&
    claimedUserId !== '' &&
    String(claimedUserId) !== me
  ) {
    throw AppError.forbidden('You can only act on your own account');
  }
  return me;
}
