import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { SignInCounters, ThrottledDay } from '../domain/ports';
import type { SignInRecord } from '../domain/sign-in-throttle';

const DAY_MS = 86_400_000;
/** An account's failures are forgotten a day after the last one. */
const ACCOUNT_MEMORY_MS = DAY_MS;
/** Refused attempts are reported for a week. */
const REPORT_DAYS_KEPT = 8;

const accountKey = (account: string) => `signin:account:${account}`;
const throttledKey = (date: string) => `signin:throttled:${date}`;
const throttledAccountsKey = (date: string) => `signin:throttled-accounts:${date}`;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const num = (v: string | null | undefined) => (v ? Number(v) : 0);

/**
 * The sign-in counters in Redis, shared by every replica. One hash per account holds its failures
 * (`n`, last at `t`) and, per address, the run of consecutive failures (`p:<address>`, last at
 * `t:<address>`), so proving ownership clears it all at once. Failures per address per day and per
 * account per hour are rate-limiter-flexible counters (the hourly one is cleared with the account).
 */
export class RedisSignInCounters implements SignInCounters {
  private readonly addressDay: RateLimiterRedis;
  private readonly accountHour: RateLimiterRedis;

  constructor(
    private readonly redis: Redis,
    limits: { failuresPerAddressPerDay: number; failuresPerAccountPerHour: number },
  ) {
    this.addressDay = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:signin-address-day',
      points: limits.failuresPerAddressPerDay,
      duration: DAY_MS / 1000,
    });
    this.accountHour = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:signin-account-hour',
      points: limits.failuresPerAccountPerHour,
      duration: 3600,
    });
  }

  async read(account: string, address: string): Promise<SignInRecord> {
    const [[n, t, p, pt], day, hour] = await Promise.all([
      this.redis.hmget(accountKey(account), 'n', 't', `p:${address}`, `t:${address}`),
      this.addressDay.get(address),
      this.accountHour.get(account),
    ]);
    return {
      accountFailures: num(n),
      lastAccountFailureAt: t ? Number(t) : null,
      addressFailures: num(p),
      lastAddressFailureAt: pt ? Number(pt) : null,
      addressFailuresToday: day?.consumedPoints ?? 0,
      addressDayEndsInMs: day?.msBeforeNext ?? 0,
      accountFailuresThisHour: hour?.consumedPoints ?? 0,
      accountHourEndsInMs: hour?.msBeforeNext ?? 0,
    };
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const key = accountKey(account);
    const now = Date.now();
    await Promise.all([
      this.redis
        .multi()
        .hincrby(key, 'n', 1)
        .hincrby(key, `p:${address}`, 1)
        .hset(key, 't', now, `t:${address}`, now)
        .pexpire(key, ACCOUNT_MEMORY_MS)
        .exec(),
      this.addressDay.penalty(address, 1),
      this.accountHour.penalty(account, 1),
    ]);
  }

  async clearAddress(account: string, address: string): Promise<void> {
    await this.redis.hdel(accountKey(account), `p:${address}`, `t:${address}`);
  }

  async clearAccount(account: string): Promise<void> {
    await Promise.all([this.redis.del(accountKey(account)), this.accountHour.delete(account)]);
  }

  async recordThrottled(account: string): Promise<void> {
    const date = utcDate(Date.now());
    const keep = REPORT_DAYS_KEPT * 86_400;
    await this.redis
      .multi()
      .incr(throttledKey(date))
      .expire(throttledKey(date), keep)
      .zincrby(throttledAccountsKey(date), 1, account)
      .expire(throttledAccountsKey(date), keep)
      .exec();
  }

  async throttledReport(days: number, topAccounts: number): Promise<ThrottledDay[]> {
    const today = Date.now();
    const dates = Array.from({ length: Math.min(days, REPORT_DAYS_KEPT) }, (_, i) =>
      utcDate(today - i * DAY_MS),
    );
    return Promise.all(
      dates.map(async (date) => {
        const [count, top] = await Promise.all([
          this.redis.get(throttledKey(date)),
          this.redis.zrevrange(throttledAccountsKey(date), 0, topAccounts - 1, 'WITHSCORES'),
        ]);
        const accounts: ThrottledDay['accounts'] = [];
        for (let i = 0; i + 1 < top.length; i += 2) {
          accounts.push({ account: top[i]!, throttled: Number(top[i + 1]) });
        }
        return { date, throttled: num(count), accounts };
      }),
    );
  }
}
