import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Redis } from 'ioredis';
import { revocationKeys } from '@swapbooth/service-kit';
import type { AccessToken, AccessTokenIssuer } from '../domain/ports';

export interface AccessTokenSettings {
  privateKey: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

/** Signs member access tokens: RS256, short-lived, with sub, jti, iss, aud and typ 'access'. */
export class AccessTokenSigner implements AccessTokenIssuer {
  constructor(
    private readonly settings: AccessTokenSettings,
    private readonly redis: Redis,
  ) {}

  async sign(userId: string): Promise<AccessToken> {
    const now = Math.floor(Date.now() / 1000);
    // Tokens issued up to a user's revocation second count as revoked; a token issued within that
    // same second (e.g. the fresh one after a password change) must date itself just after it.
    const revokedAt = Number((await this.redis.get(revocationKeys.userBefore(userId))) ?? 0);
    const iat = Math.max(now, revokedAt + 1);
    const exp = now + this.settings.ttlSeconds;
    const jti = randomUUID();
    const token = jwt.sign({ typ: 'access', iat, exp }, this.settings.privateKey, {
      algorithm: 'RS256',
      subject: userId,
      issuer: this.settings.issuer,
      audience: this.settings.audience,
      jwtid: jti,
    });
    return { token, jti, expiresAt: exp, expiresIn: exp - now };
  }
}
