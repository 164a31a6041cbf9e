import type { Redis } from 'ioredis';
import { outsideTrace, type Logger } from '@swapbooth/service-kit';

export interface SyncedLimiterOptions {
  /** Names the limit in Redis keys (`rl:<name>:<key>:<window>`). */
  name: string;
  /** Calls allowed per key per window, across every gateway. */
  points: number;
  windowSeconds: number;
  /** How often this gateway adds its counts to Redis and learns the others'. */
  syncMs: number;
  logger: Logger;
}

/** One key's calls in the current window. */
interface Counter {
  window: number;
  /** The total across gateways as Redis last reported it (this gateway's sent calls included). */
  known: number;
  /** Calls on their way to Redis. */
  sending: number;
  /** Calls not sent yet. */
  pending: number;
}

/**
 * A fixed-window limit per key, shared by every gateway through Redis but decided without a
 * Redis round trip: each gateway counts calls locally and every `syncMs` adds them to Redis in
 * one pipeline, reading back the total across gateways (and re-reads the total of any key past
 * half its limit that was quiet here, so a gateway learns when others push it over). A call is
 * refused once the last known total plus the calls counted here since reach the limit. The
 * price is precision: each other gateway can let through up to one sync interval of a key's
 * calls more than the limit. Broad per-IP and per-member limits can afford that; a tight limit
 * (sign-in) should stay exact.
 *
 * If Redis fails, counts stay here and are sent with the next sync: the limit keeps holding
 * for this gateway's own calls in the meantime.
 *
 * The sync timer runs only while some key has calls in the current window: an idle gateway is
 * not woken up every `syncMs` with nothing to send.
 */
export class SyncedWindowLimiter {
  private readonly counters = new Map<string, Counter>();
  private readonly windowMs: number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private syncing: Promise<void> | undefined;
  private failing = false;

  constructor(
    private readonly redis: Redis,
    private readonly opts: SyncedLimiterOptions,
  ) {
    this.windowMs = opts.windowSeconds * 1000;
  }

  /** Syncs every `syncMs` from the first call counted until no key has calls in its window. */
  private arm(): void {
    if (this.timer || this.closed) return;
    // Started by some request, but not part of it: outside its trace (and any other).
    this.timer = outsideTrace(() => setInterval(() => void this.sync(), this.opts.syncMs));
    this.timer.unref();
  }

  /** Counts a call for `key`: 0 when it may go ahead, otherwise milliseconds until the next window. */
  consume(key: string, now = Date.now()): number {
    const window = Math.floor(now / this.windowMs);
    let counter = this.counters.get(key);
    if (!counter || counter.window !== window) {
      counter = { window, known: 0, sending: 0, pending: 0 };
      this.counters.set(key, counter);
    }
    counter.pending++;
    this.arm();
    if (counter.known + counter.sending + counter.pending <= this.opts.points) return 0;
    return (window + 1) * this.windowMs - now;
  }

  /** Sends the counts gathered since the last sync and reads back every key's total. */
  sync(now = Date.now()): Promise<void> {
    this.syncing ??= this.send(Math.floor(now / this.windowMs)).finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  /** Sends what is counted here and learns the totals now, after any sync already under way. */
  async syncNow(): Promise<void> {
    await this.syncing;
    await this.sync();
  }

  /** Stops syncing on a timer after one last sync. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sync();
  }

  private async send(window: number): Promise<void> {
    const sent: Array<[key: string, counter: Counter]> = [];
    const read: Array<[key: string, counter: Counter]> = [];
    for (const [key, counter] of this.counters) {
      if (counter.window < window) this.counters.delete(key);
      else if (counter.pending > 0) {
        counter.sending = counter.pending;
        counter.pending = 0;
        sent.push([key, counter]);
      } else if (counter.known * 2 >= this.opts.points) {
        // Quiet here but past half its limit: other gateways' calls may be what tips it over.
        read.push([key, counter]);
      }
    }
    if (this.counters.size === 0) {
      // Every window has ended: nothing to sync until the next call.
      clearInterval(this.timer);
      this.timer = undefined;
    }
    if (sent.length === 0 && read.length === 0) return;
    const redisKey = (key: string, counter: Counter) =>
      `rl:${this.opts.name}:${key}:${counter.window}`;
    const pipeline = this.redis.pipeline();
    for (const [key, counter] of sent) {
      // Kept a window past its end, so a gateway whose clock runs a little behind still adds up.
      pipeline
        .incrby(redisKey(key, counter), counter.sending)
        .pexpire(redisKey(key, counter), 2 * this.windowMs);
    }
    for (const [key, counter] of read) pipeline.get(redisKey(key, counter));
    let replies: Array<[Error | null, unknown]> | null = null;
    try {
      replies = await pipeline.exec();
    } catch (err) {
      this.report(err);
    }
    sent.forEach(([, counter], i) => {
      const [err, total] = replies?.[2 * i] ?? [new Error('no reply'), undefined];
      if (err || typeof total !== 'number') {
        counter.pending += counter.sending;
      } else {
        counter.known = Math.max(counter.known, total);
      }
      counter.sending = 0;
    });
    read.forEach(([, counter], i) => {
      const [err, total] = replies?.[2 * sent.length + i] ?? [new Error('no reply'), undefined];
      if (!err && typeof total === 'string') counter.known = Math.max(counter.known, Number(total));
    });
    if (replies && this.failing) {
      this.failing = false;
      this.opts.logger.info({ limit: this.opts.name }, 'rate-limit counts reach Redis again');
    }
  }

  private report(err: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.opts.logger.warn(
      { limit: this.opts.name, err: (err as Error).message },
      'rate-limit counts cannot reach Redis; limiting on this gateway’s own counts',
    );
  }
}
