import type { Logger } from '@swapbooth/service-kit';
import type { MatcherLease } from '../domain/circle-ports';

export interface CircleMatcherOptions {
  /** This replica's name on the lease. */
  holder: string;
  /** How long after a change the matcher runs (changes within it are taken together). */
  debounceMs: number;
  /** How often it matches anyway, with no change asked for (a safety net; renews the lease). */
  everyMs: number;
  /**
   * How long a claimed lease holds without renewal. It is renewed every third of it (or every
   * `everyMs`, if that is sooner) without matching unless something changed.
   */
  leaseMs: number;
  /** How often the holder looks whether another replica asked for a run. */
  checkMs: number;
}

/**
 * The live matcher's timing: a change asks for a run (`poke`), which happens `debounceMs` later,
 * taking every change of that time together; a run asked for while one is in progress follows it.
 * It also matches every `everyMs` with nothing asked for. Each run first claims (or renews) the
 * lease, and only the replica holding it matches, so one matcher runs at a time across replicas.
 * A change made on a replica that does not hold the lease is passed on: it files a request, which
 * the holder looks for every `checkMs` (one read by _id) and answers with a run.
 *
 * Between those, the lease is renewed every third of `leaseMs` (when that comes sooner than
 * `everyMs`): a renewal that wins the lease it did not hold matches (it may have missed changes),
 * and otherwise only keeps the lease. An idle market is not matched again and again unchanged.
 */
export class CircleMatcherJob {
  private debounce: NodeJS.Timeout | undefined;
  private periodic: NodeJS.Timeout | undefined;
  private renewal: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private check: NodeJS.Timeout | undefined;
  private again = false;
  private stopped = true;
  /** A change was poked since the last run: passed on as a request when the lease is elsewhere. */
  private changed = false;
  /** The next run matches (a change, a request or the periodic match asked for it). */
  private solve = false;
  /** The request time last seen (a new one asks for a run). */
  private seenRequest: number | undefined;
  /** Whether the last claim won the lease. */
  holding = false;
  /** Runs in which this replica held the lease and matched. */
  matched = 0;
  /** Runs in which another replica held the lease. */
  skipped = 0;
  /** Runs in which this replica held the lease and only renewed it (nothing to match). */
  renewed = 0;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly lease: MatcherLease,
    private readonly opts: CircleMatcherOptions,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.poke();
    this.periodic = setInterval(() => this.poke(0, false), this.opts.everyMs);
    this.periodic.unref();
    const renewMs = Math.floor(this.opts.leaseMs / 3);
    if (renewMs < this.opts.everyMs) {
      this.renewal = setInterval(() => this.renew(), renewMs);
      this.renewal.unref();
    }
    this.check = setInterval(() => void this.checkRequests(), this.opts.checkMs);
    this.check.unref();
  }

  /** Asks for a run after the debounce (or after `delayMs`); `change` says something changed. */
  poke(delayMs = this.opts.debounceMs, change = true): void {
    if (this.stopped) return;
    if (change) this.changed = true;
    this.solve = true;
    this.schedule(delayMs);
  }

  /** Claims or renews the lease now, matching only if asked to or on winning it. */
  private renew(): void {
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      this.run();
    }, delayMs);
    this.debounce.unref();
  }

  /** Stops the timers, waits for a run in progress and gives the lease up. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.debounce);
    clearInterval(this.periodic);
    clearInterval(this.renewal);
    clearInterval(this.check);
    this.debounce = undefined;
    await this.running;
    await this.lease.release(this.opts.holder).catch(() => undefined);
  }

  /** The holder answers a request filed by another replica (a new request time) with a run. */
  private async checkRequests(): Promise<void> {
    if (!this.holding || this.running || this.debounce || this.stopped) return;
    try {
      const at = (await this.lease.requestedAt())?.getTime();
      if (at !== undefined && at !== this.seenRequest) this.poke(0, false);
    } catch (err) {
      this.logger.warn({ err, job: 'circle-matcher' }, 'circle matcher could not read requests');
    }
  }

  private run(): void {
    this.running = (async () => {
      const now = this.now();
      const changed = this.changed;
      this.changed = false;
      const solve = this.solve;
      this.solve = false;
      const held = this.holding;
      this.holding = await this.lease.claim(this.opts.holder, this.opts.leaseMs, now);
      if (!this.holding) {
        this.skipped++;
        if (changed) await this.lease.request(now);
        return;
      }
      if (!solve && held) {
        this.renewed++;
        return;
      }
      // Whatever was asked for until now is covered by this run.
      this.seenRequest = (await this.lease.requestedAt())?.getTime();
      const result = await this.task();
      this.matched++;
      this.logger.debug({ job: 'circle-matcher', result }, 'circle matcher ran');
    })()
      .catch((err: unknown) =>
        this.logger.warn({ err, job: 'circle-matcher' }, 'circle matcher failed'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          // A match asked for meanwhile (a renewal asked for meanwhile was this run's claim).
          if (this.solve) this.schedule(this.opts.debounceMs);
        }
      });
  }
}
