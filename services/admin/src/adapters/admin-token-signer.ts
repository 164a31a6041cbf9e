import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AdminUserView } from '../domain/admin-user';
import type { AdminTokenIssuer } from '../domain/ports';

export interface AdminTokenSettings {
  privateKey: string;
  issuer: string;
  /** The admin audience: a member endpoint refuses these tokens, and admin endpoints refuse others. */
  audience: string;
  ttlSeconds: number;
}

/** Signs admin session tokens: RS256, typ 'admin', the role and permission map as claims. */
export class AdminTokenSigner implements AdminTokenIssuer {
  constructor(private readonly settings: AdminTokenSettings) {}

  sign(user: AdminUserView, issuedAfter?: Date): { token: string; expiresAt: number } {
    // Revocation compares whole seconds: a session started in the second its predecessors were
    // ended is dated one second on, so it is not taken for one of them.
    const ended = issuedAfter ? Math.floor(issuedAfter.getTime() / 1000) : 0;
    const now = Math.max(Math.floor(Date.now() / 1000), ended + 1);
    const exp = now + this.settings.ttlSeconds;
    const token = jwt.sign(
      { typ: 'admin', iat: now, exp, role: user.role, permissions: user.permissions },
      this.settings.privateKey,
      {
        algorithm: 'RS256',
        subject: user.id,
        issuer: this.settings.issuer,
        audience: this.settings.audience,
        jwtid: randomUUID(),
      },
    );
    return { token, expiresAt: exp };
  }
}
