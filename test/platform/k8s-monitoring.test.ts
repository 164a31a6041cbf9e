import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';

/**
 * The monitoring component (k8s/components/monitoring) reads only metrics that exist: every alert
 * and every panel of the Grafana dashboard names metrics the services export (or, for the alerts on
 * the cluster itself, kube-state-metrics, cAdvisor, the kubelet and the Kafka Exporter), and the
 * alerts fire, and stay quiet, as `promtool test rules` shows on synthetic series.
 */

const root = path.resolve(__dirname, '../..');
const monitoring = path.join(root, 'k8s/components/monitoring');

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** promtool (scripts/lib.sh ensure_promtool: npm test builds it first); built here when run alone. */
function promtool(): string {
  if (process.env.SWAPBOOTH_PROMTOOL) return process.env.SWAPBOOTH_PROMTOOL;
  const found = spawnSync(
    'bash',
    [
      '-c',
      'source scripts/lib.sh >/dev/null 2>&1; ensure_promtool >&2; echo "$SWAPBOOTH_PROMTOOL"',
    ],
    { cwd: root, encoding: 'utf8', timeout: 900_000 },
  );
  const bin = found.stdout.trim();
  if (found.status !== 0 || bin === '') {
    throw new Error(
      'promtool could not be built: run `source scripts/lib.sh && ensure_promtool` ' +
        `(it needs Go and the Go module proxy).\n${found.stderr}`,
    );
  }
  return bin;
}

/** The metrics the services and the gateway export (packages/service-kit's ServiceMetrics). */
function exportedMetrics(): Set<string> {
  const source = readFileSync(
    path.join(root, 'packages/service-kit/src/metrics/service-metrics.ts'),
    'utf8',
  );
  const names = new Set<string>();
  const declared = /new (Counter|Gauge|Histogram)\(\{\s*name: '([a-z_:][a-z0-9_:]*)'/g;
  for (const [, kind, name] of source.matchAll(declared)) {
    names.add(name!);
    // A histogram is read through its series.
    if (kind === 'Histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
  }
  return names;
}

const PROMQL_WORDS = new Set(
  [
    'sum',
    'max',
    'min',
    'avg',
    'count',
    'by',
    'without',
    'on',
    'ignoring',
    'group_left',
    'group_right',
    'bool',
    'and',
    'or',
    'unless',
    'offset',
    'rate',
    'irate',
    'increase',
    'histogram_quantile',
    'topk',
    'bottomk',
    'abs',
    'clamp_min',
  ].map((w) => w.toLowerCase()),
);

/** The metric names a PromQL expression reads (label matchers, groupings, ranges and strings left out). */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  // Whole names only (\b), and not a function's (followed by a parenthesis).
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*\b(?!\s*\()/g) ?? [];
  return [
    ...new Set(
      names.filter(
        (n) => !PROMQL_WORDS.has(n.toLowerCase()) && !/^\d/.test(n) && !n.startsWith('$'),
      ),
    ),
  ];
}

/** Series from elsewhere in a cluster the capacity and availability alerts read. */
const CLUSTER_METRIC = /^(kube_|container_|kubelet_|kafka_topic_)/;

const ruleDoc = parse(readFileSync(path.join(monitoring, 'prometheus-rule.yaml'), 'utf8')) as Obj;
const rules: Obj[] = ruleDoc.spec.groups.flatMap((g: Obj) => g.rules);
const dashboard = JSON.parse(
  readFileSync(path.join(monitoring, 'swapbooth-dashboard.json'), 'utf8'),
) as Obj;
const panels: Obj[] = dashboard.panels.filter((p: Obj) => p.type !== 'row');

describe('the alert rules', () => {
  it('read the metrics the services export where they say more than the cluster does', () => {
    const exported = exportedMetrics();
    expect(exported.has('http_requests_total')).toBe(true);
    for (const rule of rules) {
      for (const metric of metricsIn(rule.expr)) {
        if (CLUSTER_METRIC.test(metric)) continue;
        expect([rule.alert, metric, exported.has(metric)]).toEqual([rule.alert, metric, true]);
      }
    }
    // Error rate and p95 per service, consumer lag, outbox age and dead letters.
    const read = new Set(rules.flatMap((r) => metricsIn(r.expr)));
    for (const metric of [
      'http_request_errors_total',
      'http_request_duration_seconds_bucket',
      'kafka_consumer_lag_messages',
      'outbox_oldest_pending_age_seconds',
      'events_dead_lettered_total',
    ]) {
      expect([metric, read.has(metric)]).toEqual([metric, true]);
    }
  });

  it('fire, and stay quiet, as promtool test rules shows on synthetic series', () => {
    const bin = promtool();
    const dir = mkdtempSync(path.join(tmpdir(), 'swapbooth-rules-'));
    try {
      // promtool reads plain rule files: the PrometheusRule's spec is one.
      writeFileSync(path.join(dir, 'rules.yaml'), stringify(ruleDoc.spec));
      copyFileSync(
        path.join(monitoring, 'prometheus-rule.tests.yaml'),
        path.join(dir, 'tests.yaml'),
      );
      const check = spawnSync(bin, ['check', 'rules', path.join(dir, 'rules.yaml')], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect({ status: check.status, out: check.stdout + check.stderr }).toMatchObject({
        status: 0,
      });
      const run = spawnSync(bin, ['test', 'rules', path.join(dir, 'tests.yaml')], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect({ status: run.status, out: run.stdout + run.stderr }).toMatchObject({ status: 0 });
      expect(run.stdout).toMatch(/SUCCESS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are each tested by promtool on series of their own metrics', () => {
    const tests = parse(
      readFileSync(path.join(monitoring, 'prometheus-rule.tests.yaml'), 'utf8'),
    ) as Obj;
    const tested = new Set(
      tests.tests.flatMap((t: Obj) => (t.alert_rule_test ?? []).map((a: Obj) => a.alertname)),
    );
    for (const alert of [
      'SwapboothHighErrorRate',
      'SwapboothSlowResponses',
      'SwapboothConsumerLag',
      'SwapboothOutboxStuck',
      'SwapboothDeadLetters',
    ]) {
      expect(rules.map((r) => r.alert)).toContain(alert);
      expect([alert, tested.has(alert)]).toEqual([alert, true]);
    }
  });
});

describe('the KEDA scalers', () => {
  it('scale on the lag metric the services export, as the alerts and the dashboard read it', () => {
    const exported = exportedMetrics();
    const scaled = readFileSync(path.join(root, 'k8s/components/keda/scaled-objects.yaml'), 'utf8')
      .split(/^---$/m)
      .map((doc) => parse(doc) as Obj)
      .filter((d) => d?.kind === 'ScaledObject');
    expect(scaled.length).toBeGreaterThan(0);
    for (const so of scaled) {
      const lag = so.spec.triggers.find((t: Obj) => t.type === 'prometheus');
      expect([so.metadata.name, metricsIn(lag.metadata.query)]).toEqual([
        so.metadata.name,
        ['kafka_consumer_lag_messages'],
      ]);
      expect(exported.has('kafka_consumer_lag_messages')).toBe(true);
    }
  });
});

describe('the Grafana dashboard', () => {
  it('is valid dashboard JSON with a Prometheus data source to choose', () => {
    expect(dashboard.uid).toMatch(/^[a-z0-9-]{1,40}$/);
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.templating.list.map((v: Obj) => v.name)).toContain('datasource');
    const ids = dashboard.panels.map((p: Obj) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of panels) {
      expect([p.title, p.datasource?.uid]).toEqual([p.title, '${datasource}']);
      expect(p.gridPos).toEqual(
        expect.objectContaining({ w: expect.any(Number), h: expect.any(Number) }),
      );
      expect(p.targets.length).toBeGreaterThan(0);
    }
  });

  it('charts only metrics the services export', () => {
    const exported = exportedMetrics();
    for (const p of panels) {
      for (const t of p.targets) {
        const metrics = metricsIn(t.expr);
        expect([p.title, metrics.length > 0]).toEqual([p.title, true]);
        for (const metric of metrics) {
          expect([p.title, metric, exported.has(metric)]).toEqual([p.title, metric, true]);
        }
      }
    }
  });

  it('shows per service request rate, error rate and p95, lag, outbox, dead letters and streams', () => {
    const charted = new Set(
      panels.flatMap((p) => p.targets.flatMap((t: Obj) => metricsIn(t.expr))),
    );
    for (const metric of [
      'http_requests_total',
      'http_request_errors_total',
      'http_request_duration_seconds_bucket',
      'kafka_consumer_lag_messages',
      'outbox_pending_events',
      'outbox_oldest_pending_age_seconds',
      'events_dead_lettered_total',
      'swapbooth_stream_connections',
    ]) {
      expect([metric, charted.has(metric)]).toEqual([metric, true]);
    }
  });

  it('is shipped by the monitoring component as a ConfigMap Grafana loads', () => {
    const k = parse(readFileSync(path.join(monitoring, 'kustomization.yaml'), 'utf8')) as Obj;
    const generated = k.configMapGenerator.find((g: Obj) =>
      g.files.includes('swapbooth-dashboard.json'),
    );
    expect(generated.options.labels.grafana_dashboard).toBe('1');
  });
});
