import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SingleUseTokens } from '../../domain/ports';

export const resetKey = (userId: string) => `pwreset:${userId}`;
export const signInLinkKey = (userId: string) => `signin-link:${userId}`;

const CONSUME_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`;

interface WithResetConsume {
  resetConsume(key: string, hash: string): Promise<number>;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/**
 * Tokens `<userId>.<secret>` e-mailed as links (password reset; sign-in links under their own
 * `keyOf`): only a hash of the secret is kept, one per user (a new request replaces the previous
 * link), expiring, and deleted on use.
 */
export class ResetTokenStore implements SingleUseTokens {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly keyOf: (userId: string) => string = resetKey,
  ) {
    if (!('resetConsume' in redis))
      redis.defineCommand('resetConsume', { numberOfKeys: 1, lua: CONSUME_LUA });
  }

  async issue(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const secret = randomBytes(32).toString('base64url');
    await this.redis.set(this.keyOf(userId), sha256(secret), 'EX', this.ttlSeconds);
    return {
      token: `${userId}.${secret}`,
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
    };
  }

  /** Uses a token up; returns its user id, or null if it is unknown, expired, replaced or used. */
  async consume(token: string): Promise<string | null> {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const userId = token.slice(0, dot);
    const secret = token.slice(dot + 1);
    if (!secret) return null;
    const ok = await (this.redis as unknown as WithResetConsume).resetConsume(
      this.keyOf(userId),
      sha256(secret),
    );
    return ok === 1 ? userId : null;
  }
}
