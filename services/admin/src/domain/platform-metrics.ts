import type { PlatformMetricsResponse } from '@swapbooth/contracts';

/** What one scrape of one process's metrics says, reduced to what the Platform page shows. */
export interface ProcessReading {
  /** HTTP calls answered (health probes left out), and those answered with a 5xx. */
  requests: number;
  errors: number;
  /** Cumulative latency histogram of those calls: upper bound (seconds, Infinity last) → count. */
  buckets: Array<[number, number]>;
  /** Consumer lag by topic (partitions summed). */
  lag: Record<string, number>;
  /** Outbox backlog by topic: events waiting and the oldest one's age in seconds. */
  outbox: Record<string, { pending: number; oldestSeconds: number }>;
  streamConnections: number;
}

/** One scrape of every process: by service, one reading per replica (null: it did not answer). */
export interface PlatformSample {
  at: number;
  services: Record<string, { readings: Record<string, ProcessReading | null>; error?: string }>;
}

const PROBES = new Set(['/healthz', '/readyz']);

function labelsOf(raw: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const m of (raw ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
    labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** Reads the Prometheus text exposition of one process into what the page needs. */
export function readExposition(text: string): ProcessReading {
  const reading: ProcessReading = {
    requests: 0,
    errors: 0,
    buckets: [],
    lag: {},
    outbox: {},
    streamConnections: 0,
  };
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const [, name, rawLabels] = m;
    const value = Number(m[3]);
    if (!Number.isFinite(value)) continue;
    switch (name) {
      case 'http_requests_total':
      case 'http_request_errors_total':
      case 'http_request_duration_seconds_bucket': {
        const labels = labelsOf(rawLabels);
        if (PROBES.has(labels.route ?? '')) break;
        if (name === 'http_requests_total') reading.requests += value;
        else if (name === 'http_request_errors_total') reading.errors += value;
        else {
          const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
          if (!Number.isNaN(le)) buckets.set(le, (buckets.get(le) ?? 0) + value);
        }
        break;
      }
      case 'kafka_consumer_lag_messages': {
        const { topic = 'unknown' } = labelsOf(rawLabels);
        reading.lag[topic] = (reading.lag[topic] ?? 0) + value;
        break;
      }
      case 'outbox_pending_events':
      case 'outbox_oldest_pending_age_seconds': {
        const { topic = 'unknown' } = labelsOf(rawLabels);
        const o = (reading.outbox[topic] ??= { pending: 0, oldestSeconds: 0 });
        if (name === 'outbox_pending_events') o.pending += value;
        else o.oldestSeconds = Math.max(o.oldestSeconds, value);
        break;
      }
      case 'swapbooth_stream_connections':
        reading.streamConnections += value;
        break;
      default:
        break;
    }
  }
  reading.buckets = [...buckets].sort((a, b) => a[0] - b[0]);
  return reading;
}

/** A counter's increase between two readings; a smaller value means the process restarted. */
const increase = (before: number, after: number) => (after >= before ? after - before : after);

/** The q-quantile of a cumulative histogram (linear within a bucket), or null when it is empty. */
export function histogramQuantile(q: number, buckets: Array<[number, number]>): number | null {
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let prevBound = 0;
  let prevCount = 0;
  for (const [bound, count] of buckets) {
    if (count >= rank) {
      if (bound === Infinity) return prevBound;
      const inBucket = count - prevCount;
      return inBucket > 0
        ? prevBound + ((bound - prevBound) * (rank - prevCount)) / inBucket
        : bound;
    }
    prevBound = bound;
    prevCount = count;
  }
  return prevBound;
}

interface Interval {
  seconds: number;
  requests: number;
  errors: number;
  buckets: Map<number, number>;
}

/** What one service did between two samples, replicas summed (null: no replica read both times). */
function intervalOf(
  before: PlatformSample['services'][string] | undefined,
  after: PlatformSample['services'][string] | undefined,
  seconds: number,
): Interval | null {
  if (!before || !after) return null;
  let seen = false;
  const out: Interval = { seconds, requests: 0, errors: 0, buckets: new Map() };
  for (const [replica, now] of Object.entries(after.readings)) {
    const then = before.readings[replica];
    if (!now || !then) continue;
    seen = true;
    out.requests += increase(then.requests, now.requests);
    out.errors += increase(then.errors, now.errors);
    const earlier = new Map(then.buckets);
    for (const [le, count] of now.buckets) {
      out.buckets.set(le, (out.buckets.get(le) ?? 0) + increase(earlier.get(le) ?? 0, count));
    }
  }
  return seen ? out : null;
}

const sortedBuckets = (m: Map<number, number>): Array<[number, number]> =>
  [...m].sort((a, b) => a[0] - b[0]);

const round = (n: number, digits = 4) => Number(n.toFixed(digits));

/** The latest reading of each replica of a service (for gauges: lag, outbox, streams). */
const latest = (sample: PlatformSample | undefined, service: string) =>
  Object.values(sample?.services[service]?.readings ?? {}).filter(
    (r): r is ProcessReading => r !== null,
  );

/**
 * The Platform page's figures from a run of samples (oldest first): per service the rates over the
 * whole run and per interval, per topic the latest lag and backlog; dead letters come from the
 * broker (`deadLettered`).
 */
export function summarizePlatform(
  samples: readonly PlatformSample[],
  opts: {
    services: readonly string[];
    sampleEverySeconds: number;
    windowSeconds: number;
    deadLettered: ReadonlyArray<{ topic: string; deadLettered: number }>;
    now: Date;
  },
): PlatformMetricsResponse {
  const last = samples.at(-1);
  const times = samples.slice(1).map((s) => new Date(s.at).toISOString());
  const services = opts.services.map((service) => {
    const intervals = samples
      .slice(1)
      .map((s, i) =>
        intervalOf(
          samples[i]!.services[service],
          s.services[service],
          (s.at - samples[i]!.at) / 1000,
        ),
      );
    const total: Interval = { seconds: 0, requests: 0, errors: 0, buckets: new Map() };
    for (const iv of intervals) {
      if (!iv) continue;
      total.seconds += iv.seconds;
      total.requests += iv.requests;
      total.errors += iv.errors;
      for (const [le, n] of iv.buckets) total.buckets.set(le, (total.buckets.get(le) ?? 0) + n);
    }
    const rate = (iv: Interval | null) =>
      iv && iv.seconds > 0 ? round(iv.requests / iv.seconds) : null;
    const errorRate = (iv: Interval | null) =>
      iv && iv.requests > 0 ? round(iv.errors / iv.requests) : iv ? 0 : null;
    const p95 = (iv: Interval | null) => {
      const q = iv ? histogramQuantile(0.95, sortedBuckets(iv.buckets)) : null;
      return q === null ? null : round(q);
    };
    const now = last?.services[service];
    const answered = Object.values(now?.readings ?? {}).some((r) => r !== null);
    return {
      service,
      up: answered,
      error: now?.error ?? (now ? null : 'not read yet'),
      requestRate: total.seconds > 0 ? rate(total) : null,
      errorRate: total.seconds > 0 ? errorRate(total) : null,
      p95Seconds: total.seconds > 0 ? p95(total) : null,
      series: {
        requestRate: intervals.map(rate),
        errorRate: intervals.map(errorRate),
        p95Seconds: intervals.map(p95),
      },
    };
  });

  const topics = new Map<string, PlatformMetricsResponse['topics'][number]>();
  const topic = (name: string) => {
    let t = topics.get(name);
    if (!t) {
      t = {
        topic: name,
        consumerLag: 0,
        lagByGroup: {},
        outboxPending: 0,
        oldestPendingSeconds: 0,
        deadLettered: 0,
      };
      topics.set(name, t);
    }
    return t;
  };
  let streamConnections = 0;
  for (const service of opts.services) {
    for (const reading of latest(last, service)) {
      for (const [name, lag] of Object.entries(reading.lag)) {
        const t = topic(name);
        t.consumerLag += lag;
        t.lagByGroup[service] = (t.lagByGroup[service] ?? 0) + lag;
      }
      for (const [name, o] of Object.entries(reading.outbox)) {
        const t = topic(name);
        t.outboxPending += o.pending;
        t.oldestPendingSeconds = Math.max(t.oldestPendingSeconds, round(o.oldestSeconds, 1));
      }
      streamConnections += reading.streamConnections;
    }
  }
  for (const d of opts.deadLettered) topic(d.topic).deadLettered = d.deadLettered;
  const streamSeries = samples.slice(1).map((s) => {
    const readings = opts.services.flatMap((service) => latest(s, service));
    return readings.length ? readings.reduce((n, r) => n + r.streamConnections, 0) : null;
  });
  return {
    generatedAt: opts.now.toISOString(),
    sampleEverySeconds: opts.sampleEverySeconds,
    windowSeconds: opts.windowSeconds,
    times,
    services,
    topics: [...topics.values()].sort((a, b) => a.topic.localeCompare(b.topic)),
    streamConnections,
    streamSeries,
    deadLettered: opts.deadLettered.reduce((n, d) => n + d.deadLettered, 0),
  };
}
