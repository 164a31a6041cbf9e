import type { Logger } from '@swapbooth/service-kit';

/**
 * Runs a task at start and then every `everyMs`, never two runs at once; a failed run is logged
 * and the next one happens on time. `when` can pass a turn (e.g. on a replica without a lease).
 * The timer does not keep the process alive.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Turns in which the task ran. */
  ran = 0;
  /** Turns `when` passed. */
  passed = 0;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly task: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly when: () => boolean = () => true,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.run();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private run(): void {
    const go = this.when();
    if (go) this.ran++;
    else this.passed++;
    this.running = (go ? this.task() : Promise.resolve('passed'))
      .then(
        (result) => this.logger.debug({ job: this.name, result }, 'periodic job ran'),
        (err: unknown) => this.logger.warn({ err, job: this.name }, 'periodic job failed'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.run(), this.everyMs);
        this.timer.unref();
      });
  }
}
