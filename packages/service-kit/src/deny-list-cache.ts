import { ReplyError, type Redis } from 'ioredis';
import type { Logger } from './logger';
import { outsideTrace } from './tracing';

/** Where Redis sends the invalidations of a connection whose tracking redirects (RESP2). */
const INVALIDATE_CHANNEL = '__redis__:invalidate';

export interface DenyListCacheOptions {
  /** The most deny-list keys kept here; the oldest read goes first (default 10,000). */
  maxKeys?: number;
  /**
   * The connection invalidations arrive on (by default a duplicate of the main client, without
   * its key prefix). One given here must not resubscribe by itself (`autoResubscribe: false`):
   * tracking is turned on again after each reconnect, before subscribing.
   */
  watcher?: Redis;
}

/**
 * A local copy of the deny-list keys this process has read, which Redis itself keeps current:
 * Redis's client-side caching, in broadcasting mode for the deny-list's prefix. A connection of
 * its own asks Redis to track every key under `<prefix>deny:` and receives an invalidation
 * whenever one is set, deleted, expires or is flushed; the key is then dropped here and read
 * again on its next use. So a token's check costs a Redis round trip only the first time it is
 * seen (and after any change to its keys), instead of on every request in every process.
 *
 * The copy is only used while the tracking connection is subscribed. While it is not (starting,
 * Redis restarted or unreachable), every read goes to Redis as before, and nothing read then is
 * kept: the copy starts empty each time tracking starts again. A read that an invalidation (of any
 * key) crossed is not kept either, since its answer may predate the change.
 *
 * Redis writes a change's invalidations in the same pass as its answer to the writer, so every
 * other process has the message long before any request that the writer's answer leads to can
 * reach it. The writer's own process could read the answer first: revoking through a client drops
 * the key from the caches reading through that client at once ({@link forgetDenyKey}).
 */
export class DenyListCache {
  private readonly values = new Map<string, string | null>();
  private readonly prefix: string;
  private readonly watcher: Redis;
  private readonly maxKeys: number;
  /** Changes with every invalidation and every start or loss of tracking. */
  private epoch = 0;
  private live = false;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    opts: DenyListCacheOptions = {},
  ) {
    this.maxKeys = opts.maxKeys ?? 10_000;
    this.prefix = redis.options.keyPrefix ?? '';
    // Invalidations name whole keys (with the prefix); the channel is not a key.
    this.watcher =
      opts.watcher ??
      outsideTrace(() =>
        redis.duplicate({
          keyPrefix: '',
          connectionName: `${this.prefix}deny-list-watch`,
          autoResubscribe: false,
          maxRetriesPerRequest: 1,
        }),
      );
    this.watcher.on('error', () => undefined); // the main client reports Redis errors
    this.watcher.on('ready', () => void this.track());
    this.watcher.on('close', () => this.stop());
    this.watcher.on('messageBuffer', (channel: Buffer, keys: Buffer[] | Buffer | null) => {
      if (String(channel) === INVALIDATE_CHANNEL) this.invalidate(keys);
    });
    if (this.watcher.status === 'ready') void this.track();
    const caches = denyCaches.get(redis) ?? new Set();
    denyCaches.set(redis, caches.add(this));
  }

  /** Whether the copy is in use (tracking is on and subscribed). */
  get tracking(): boolean {
    return this.live;
  }

  /** The values of `keys` (as the main client names them, without its prefix). */
  async get(keys: string[]): Promise<(string | null)[]> {
    if (this.live) {
      const known = keys.map((k) => this.values.get(this.prefix + k));
      if (known.every((v) => v !== undefined)) return known as (string | null)[];
    }
    const epoch = this.epoch;
    const read = await outsideTrace(() => this.redis.mget(...keys));
    if (this.live && epoch === this.epoch) {
      keys.forEach((k, i) => this.keep(this.prefix + k, read[i] ?? null));
    }
    return read;
  }

  /** Drops a key this process has just written (named as the main client names it). */
  forget(key: string): void {
    this.epoch++;
    this.values.delete(this.prefix + key);
  }

  close(): void {
    this.closed = true;
    this.live = false; // shutting down: not a lost connection worth a log line
    this.stop();
    denyCaches.get(this.redis)?.delete(this);
    this.watcher.disconnect();
  }

  private keep(key: string, value: string | null): void {
    this.values.delete(key);
    this.values.set(key, value);
    if (this.values.size > this.maxKeys) {
      this.values.delete(this.values.keys().next().value!);
    }
  }

  private invalidate(keys: Buffer[] | Buffer | null): void {
    this.epoch++;
    // null: the whole database was flushed.
    if (keys === null) this.values.clear();
    else for (const k of Array.isArray(keys) ? keys : [keys]) this.values.delete(String(k));
  }

  private stop(): void {
    if (this.live) this.logger.info('deny-list cache off: tracking connection lost');
    this.live = false;
    this.epoch++;
    this.values.clear();
  }

  /** Turns tracking on for this connection (again after each reconnect) and subscribes. */
  private async track(): Promise<void> {
    try {
      const id = await this.watcher.client('ID');
      await this.watcher.call(
        'CLIENT',
        'TRACKING',
        'ON',
        'REDIRECT',
        String(id),
        'BCAST',
        'PREFIX',
        `${this.prefix}deny:`,
      );
      await this.watcher.subscribe(INVALIDATE_CHANNEL);
      if (this.closed) return;
      this.stop();
      this.live = true;
      this.logger.debug('deny-list cache on');
    } catch (err) {
      if (this.closed) return;
      if (err instanceof ReplyError) {
        // A server without client-side caching (Redis before 6): every check reads Redis.
        this.logger.warn(
          { err: (err as Error).message },
          'Redis refused deny-list tracking; checking the deny-list in Redis on every call',
        );
        this.closed = true;
        this.watcher.disconnect();
      }
      // Otherwise the connection failed: the client reconnects, and tracking starts over then.
    }
  }
}

/** The caches reading through each main client, so a write through it can drop its key there. */
const denyCaches = new WeakMap<Redis, Set<DenyListCache>>();

/** Drops `key` from the deny-list caches reading through `redis`, if any. */
export function forgetDenyKey(redis: Redis, key: string): void {
  for (const cache of denyCaches.get(redis) ?? []) cache.forget(key);
}
