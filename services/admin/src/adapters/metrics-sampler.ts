import { serviceEntry, serviceReplicaUrls, type ServiceName } from '@swapbooth/contracts';
import type { AdminConfig } from '../config';
import { readExposition, type PlatformSample } from '../domain/platform-metrics';

/** One process whose metrics the Platform page reads. */
export interface MetricsTarget {
  service: string;
  /** Names the process among its service's replicas (its metrics URL). */
  replica: string;
  read: () => Promise<string>;
}

/** A service's metrics address: its own host, its port + METRICS_PORT_OFFSET, `/metrics`. */
export function metricsUrlOf(serviceUrl: string, offset: number): string {
  const url = new URL(serviceUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  url.port = String(port + offset);
  url.pathname = '/metrics';
  url.search = '';
  return url.toString();
}

/** Reads a metrics endpoint over HTTP (inside the cluster; never through the gateway). */
export function httpTarget(service: string, url: string, timeoutMs: number): MetricsTarget {
  return {
    service,
    replica: url,
    read: async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      return res.text();
    },
  };
}

/**
 * Every process the admin service reads: each other service's replicas (their URL settings, with
 * the metrics port offset), the gateway (GATEWAY_METRICS_URL) and the admin service itself.
 */
export function platformTargets(
  config: Pick<AdminConfig, 'METRICS_PORT_OFFSET' | 'GATEWAY_METRICS_URL'> &
    Partial<Record<string, unknown>>,
  own: () => Promise<string>,
  others: readonly ServiceName[],
  timeoutMs = 2500,
): MetricsTarget[] {
  const replicas = serviceReplicaUrls(config as Parameters<typeof serviceReplicaUrls>[0], others);
  return [
    ...(config.GATEWAY_METRICS_URL
      ? [httpTarget('gateway', config.GATEWAY_METRICS_URL, timeoutMs)]
      : []),
    ...others.flatMap((name) =>
      replicas[name].map((u) =>
        httpTarget(serviceEntry(name).name, metricsUrlOf(u, config.METRICS_PORT_OFFSET), timeoutMs),
      ),
    ),
    { service: 'admin', replica: 'self', read: own },
  ];
}

/**
 * Samples every target for the Platform page, at two paces: every `everyMs` while someone watches
 * the page (an answer of `GET /api/admin/platform` within the last `watchMs`), and every
 * `idleEveryMs` otherwise (0: not at all), so an idle platform is not woken every 15 s. Each
 * sample is a scrape of every process, and a scrape runs the processes' collectors (consumer lag
 * from the broker, outbox backlogs from the database). The samples of the last `windowMs` are kept
 * in memory: the rates, error shares and p95 of the page are computed from the differences between
 * samples, so a page opened after a quiet spell still has the hour behind it, in coarser steps.
 */
export class PlatformSampler {
  private samples: PlatformSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;
  /** Until when the page counts as watched (0: not watched). */
  private watchedUntil = 0;

  readonly watchMs: number;

  constructor(
    private readonly targets: readonly MetricsTarget[],
    readonly everyMs: number,
    readonly windowMs: number,
    readonly idleEveryMs = 0,
    watchMs?: number,
    private readonly now: () => number = Date.now,
  ) {
    // Two refreshes of an open page (every 15 s) may be missed before it counts as closed.
    this.watchMs = watchMs ?? Math.max(60_000, 4 * everyMs);
  }

  /** The services read, in the order the page shows them. */
  get services(): string[] {
    return [...new Set(this.targets.map((t) => t.service))];
  }

  /** Whether someone watched the page within the last `watchMs`. */
  get watched(): boolean {
    return this.now() < this.watchedUntil;
  }

  /** Starts sampling at the idle pace (a first sample now, the baseline of the first interval). */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.sampleNow();
    this.pace();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Someone reads the page: sample at the watched pace from now on (for `watchMs` after the last
   * call). When the page was not watched, a sample is taken at once and the answer waits for it,
   * so it shows the platform as it is now.
   */
  async watch(): Promise<void> {
    const was = this.watched;
    this.watchedUntil = this.now() + this.watchMs;
    if (was || !this.started) return;
    this.pace();
    await this.sampleNow();
  }

  /** One sample of every target now (a sample under way is shared). */
  sampleNow(): Promise<void> {
    this.running ??= this.take().finally(() => (this.running = undefined));
    return this.running;
  }

  /** The samples of the window, oldest first. */
  recent(): readonly PlatformSample[] {
    return this.samples;
  }

  /** (Re)arms the timer at the pace that holds now. */
  private pace(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const watched = this.watched;
    const every = watched ? this.everyMs : this.idleEveryMs;
    if (every <= 0) return;
    this.timer = setInterval(() => {
      if (watched && !this.watched) {
        // Nobody reads the page any more: back to the idle pace, without a sample now.
        this.pace();
        return;
      }
      void this.sampleNow();
    }, every);
    this.timer.unref();
  }

  private async take(): Promise<void> {
    const at = this.now();
    const results = await Promise.all(
      this.targets.map(async (t) => {
        try {
          return { t, reading: readExposition(await t.read()) };
        } catch (err) {
          return { t, reading: null, error: (err as Error).message };
        }
      }),
    );
    const services: PlatformSample['services'] = {};
    for (const { t, reading, error } of results) {
      const s = (services[t.service] ??= { readings: {} });
      s.readings[t.replica] = reading;
      if (error) s.error = s.error ? `${s.error}; ${error}` : error;
    }
    this.samples.push({ at, services });
    const keepFrom = at - this.windowMs - this.everyMs / 2;
    while (this.samples.length > 0 && this.samples[0]!.at < keepFrom) this.samples.shift();
  }
}
