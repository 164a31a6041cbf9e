import type { Redis } from 'ioredis';
import { revocationKeys, revokeToken, revokeUserTokens, type Logger } from '@swapbooth/service-kit';
import type { AccessRevocation, IssuedAccess } from '../domain/ports';
import type { RevocationsRepository } from '../data/revocations/revocations.repository';

/**
 * The deny-list every service checks, kept durable: each revocation is recorded in auth's
 * database first, then written to Redis, so Redis losing its data never un-revokes a token
 * (see {@link RevocationRestorer} and `revocationChecker`).
 */
export class DurableAccessRevocation implements AccessRevocation {
  constructor(
    private readonly redis: Redis,
    private readonly store: RevocationsRepository,
  ) {}

  async revoke(access: IssuedAccess): Promise<void> {
    await this.store.record({
      _id: `jti:${access.jti}`,
      kind: 'jti',
      subject: access.jti,
      expiresAt: new Date(access.expiresAt * 1000),
    });
    await revokeToken(this.redis, access);
  }

  async revokeAllOf(userId: string, ttlSeconds: number): Promise<void> {
    const at = Math.floor(Date.now() / 1000);
    await this.store.record({
      _id: `user-before:${userId}:${at}`,
      kind: 'user-before',
      subject: userId,
      at,
      expiresAt: new Date((at + ttlSeconds) * 1000),
    });
    await revokeUserTokens(this.redis, userId, ttlSeconds, at);
  }
}

// Sets a user's revocation time unless Redis already holds a later one (a revocation made while
// the list was being written back).
const SET_IF_LATER = `local cur = redis.call('GET', KEYS[1])
if (not cur) or tonumber(cur) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
return 1`;

/**
 * Writes the live revocations back to Redis whenever it has lost them: Redis restarted empty has
 * no `deny:complete`. Checked at start, whenever the client (re)connects, and every `everyMs`
 * (for a deny-list lost without a reconnect); readers answer 503 meanwhile.
 */
export class RevocationRestorer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number | undefined> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly store: RevocationsRepository,
    private readonly logger: Logger,
  ) {}

  /** Restores the deny-list if Redis lacks it; resolves with how many were written, if any. */
  ensure(): Promise<number | undefined> {
    this.running ??= this.restore().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(everyMs: number): void {
    this.timer = setInterval(this.check, everyMs);
    this.timer.unref();
    // A Redis that restarted (empty) is checked as soon as the client is connected to it again.
    this.redis.on('ready', this.check);
  }

  private readonly check = (): void => {
    this.ensure().catch((err: unknown) => {
      this.logger.warn({ err: (err as Error).message }, 'deny-list check failed');
    });
  };

  stop(): void {
    this.redis.off('ready', this.check);
    if (this.timer) clearInterval(this.timer);
  }

  private async restore(): Promise<number | undefined> {
    if (await this.redis.exists(revocationKeys.complete)) return undefined;
    const started = Date.now();
    const nowS = Math.floor(started / 1000);
    const live = await this.store.live(new Date(started));
    // One MULTI: the marker is set only together with every revocation.
    const pipeline = this.redis.multi();
    for (const r of live) {
      const ttl = Math.max(1, Math.ceil(r.expiresAt.getTime() / 1000) - nowS);
      if (r.kind === 'jti') pipeline.set(revocationKeys.jti(r.subject), '1', 'EX', ttl);
      else {
        pipeline.eval(SET_IF_LATER, 1, revocationKeys.userBefore(r.subject), String(r.at), ttl);
      }
    }
    pipeline.set(revocationKeys.complete, '1');
    const replies = await pipeline.exec();
    const failed = replies?.find(([err]) => err);
    if (!replies || failed) throw failed?.[0] ?? new Error('the deny-list was not written back');
    this.logger.info(
      { revocations: live.length, ms: Date.now() - started },
      'deny-list written back to Redis',
    );
    return live.length;
  }
}
