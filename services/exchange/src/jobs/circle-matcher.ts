import type { Logger } from '@swapbooth/service-kit';
import type { MatcherLease } from '../domain/circle-ports';

export interface CircleMatcherOptions {
  /** This replica's name on the lease. */
  holder: string;
  /** How long after a change the matcher runs (changes within it are taken together). */
  debounceMs: number;
  /** How often it runs anyway (catches changes made on other replicas, renews the lease). */
  everyMs: number;
  /** How long a claimed lease holds without renewal. */
  leaseMs: number;
}

/**
 * The live matcher's timing: a change asks for a run (`poke`), which happens `debounceMs` later,
 * taking every change of that time together; a run asked for while one is in progress follows it.
 * It also runs every `everyMs`. Each run first claims (or renews) the lease, and only the replica
 * holding it matches, so one matcher runs at a time across replicas.
 */
export class CircleMatcherJob {
  private debounce: NodeJS.Timeout | undefined;
  private periodic: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Runs in which this replica held the lease and matched. */
  matched = 0;
  /** Runs in which another replica held the lease. */
  skipped = 0;

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
    this.periodic = setInterval(() => this.poke(0), this.opts.everyMs);
    this.periodic.unref();
  }

  /** Asks for a run after the debounce (or after `delayMs`). */
  poke(delayMs = this.opts.debounceMs): void {
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
    this.debounce = undefined;
    await this.running;
    await this.lease.release(this.opts.holder).catch(() => undefined);
  }

  private run(): void {
    this.running = (async () => {
      if (!(await this.lease.claim(this.opts.holder, this.opts.leaseMs, this.now()))) {
        this.skipped++;
        return;
      }
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
          this.poke();
        }
      });
  }
}
