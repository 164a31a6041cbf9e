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
 * Reads every target every `everyMs` and keeps the samples of the last `windowMs` in memory (an
 * hour of 15 s samples is 241 of them): the rates, error shares and p95 of the Platform page are
 * computed from the differences between samples.
 */
export class PlatformSampler {
  private samples: PlatformSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly targets: readonly MetricsTarget[],
    readonly everyMs: number,
    readonly windowMs: number,
  ) {}

  /** The services read, in the order the page shows them. */
  get services(): string[] {
    return [...new Set(this.targets.map((t) => t.service))];
  }

  start(): void {
    if (this.timer) return;
    void this.sampleNow();
    this.timer = setInterval(() => void this.sampleNow(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
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

  private async take(): Promise<void> {
    const at = Date.now();
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
