import { createHmac, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OneTimeCodes, OtpCheck } from '../../domain/ports';

export const otpKey = (email: string) => `otp:${email}`;

/**
 * Checks a code atomically: a wrong code counts an attempt; at the limit the code stays locked until
 * it expires or is replaced; a right code is deleted (single use).
 */
const VERIFY_LUA = `
local stored = redis.call('HGET', KEYS[1], 'h')
if not stored then return {'missing'} end
local max = tonumber(ARGV[2])
local tries = tonumber(redis.call('HGET', KEYS[1], 'a') or '0')
if tries >= max then return {'locked'} end
if stored == ARGV[1] then
  local user = redis.call('HGET', KEYS[1], 'u')
  redis.call('DEL', KEYS[1])
  return {'ok', user}
end
tries = redis.call('HINCRBY', KEYS[1], 'a', 1)
return {'wrong', tostring(max - tries)}
`;

interface WithOtpVerify {
  otpVerify(key: string, hash: string, max: number): Promise<string[]>;
}

/** One-time e-mail codes in Redis: stored as an HMAC, expiring, single use, locked after too many misses. */
export class OtpStore implements OneTimeCodes {
  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly maxAttempts: number,
  ) {
    if (!('otpVerify' in redis))
      redis.defineCommand('otpVerify', { numberOfKeys: 1, lua: VERIFY_LUA });
  }

  /** Replaces any previous code for this address with a fresh 6-digit one. */
  async issue(email: string, userId: string): Promise<{ code: string; expiresAt: Date }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const key = otpKey(email);
    await this.redis
      .multi()
      .del(key)
      .hset(key, { h: this.hash(email, code), a: '0', u: userId })
      .expire(key, this.ttlSeconds)
      .exec();
    return { code, expiresAt: new Date(Date.now() + this.ttlSeconds * 1000) };
  }

  async check(email: string, code: string): Promise<OtpCheck> {
    const [result, value] = await (this.redis as unknown as WithOtpVerify).otpVerify(
      otpKey(email),
      this.hash(email, code),
      this.maxAttempts,
    );
    if (result === 'ok' && value) return { result: 'ok', userId: value };
    if (result === 'wrong') return { result: 'wrong', attemptsLeft: Number(value) };
    if (result === 'locked') return { result: 'locked' };
    return { result: 'missing' };
  }

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${email}\n${code}`).digest('base64url');
  }
}
