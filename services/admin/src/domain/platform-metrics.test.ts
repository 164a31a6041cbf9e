import { histogramQuantile, readExposition, summarizePlatform } from './platform-metrics';

const exposition = (n: number, errors: number, fast: number) =>
  [
    '# HELP http_requests_total x',
    `http_requests_total{method="GET",route="/api/x",status_class="2xx",service="s"} ${n - errors}`,
    `http_requests_total{method="GET",route="/api/x",status_class="5xx",service="s"} ${errors}`,
    `http_requests_total{method="GET",route="/readyz",status_class="2xx",service="s"} ${n * 10}`,
    `http_request_errors_total{method="GET",route="/api/x",status_class="5xx",service="s"} ${errors}`,
    `http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/x",status_class="2xx",service="s"} ${fast}`,
    `http_request_duration_seconds_bucket{le="1",method="GET",route="/api/x",status_class="2xx",service="s"} ${n}`,
    `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/x",status_class="2xx",service="s"} ${n}`,
    'kafka_consumer_lag_messages{topic="t",partition="0",service="s"} 3',
    'kafka_consumer_lag_messages{topic="t",partition="1",service="s"} 4',
    '',
  ].join('\n');

describe('platform metrics', () => {
  it('reads requests, errors, latency buckets and lag, leaving the health probes out', () => {
    const r = readExposition(exposition(100, 5, 90));
    expect(r.requests).toBe(100);
    expect(r.errors).toBe(5);
    expect(r.buckets).toEqual([
      [0.1, 90],
      [1, 100],
      [Infinity, 100],
    ]);
    expect(r.lag).toEqual({ t: 7 });
  });

  it('interpolates a quantile inside its bucket', () => {
    expect(
      histogramQuantile(0.95, [
        [0.1, 90],
        [1, 100],
        [Infinity, 100],
      ]),
    ).toBeCloseTo(0.55, 5);
    expect(histogramQuantile(0.5, [[Infinity, 0]])).toBeNull();
  });

  it('computes rates from the differences between samples, through a restart', () => {
    const sample = (at: number, text: string | null) => ({
      at,
      services: { s: { readings: { a: text === null ? null : readExposition(text) } } },
    });
    const samples = [
      sample(0, exposition(100, 5, 90)),
      sample(15_000, exposition(400, 35, 360)),
      // The process restarted: its counters began again.
      sample(30_000, exposition(150, 0, 150)),
      sample(45_000, null),
    ];
    const out = summarizePlatform(samples, {
      services: ['s'],
      sampleEverySeconds: 15,
      windowSeconds: 3600,
      deadLettered: [{ topic: 't', deadLettered: 2 }],
      now: new Date(45_000),
    });
    const s = out.services[0]!;
    expect(s.series.requestRate).toEqual([20, 10, null]);
    expect(s.series.errorRate).toEqual([0.1, 0, null]);
    // Over the window: 450 calls in 30 s, 30 of them failed.
    expect(s.requestRate).toBe(15);
    expect(s.errorRate).toBeCloseTo(30 / 450, 4);
    expect(s.up).toBe(false);
    expect(out.topics).toEqual([
      {
        topic: 't',
        consumerLag: 0,
        lagByGroup: {},
        outboxPending: 0,
        oldestPendingSeconds: 0,
        deadLettered: 2,
      },
    ]);
    expect(out.times).toHaveLength(3);
  });
});
