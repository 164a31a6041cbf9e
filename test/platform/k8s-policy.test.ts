import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { k8s, KUBERNETES_VERSION, tool, pythonTools, useRenderedOverlays } from './k8s/rendered';

/**
 * Every overlay validated strictly against the Kubernetes API schemas (kubernetes-validate) and every
 * custom resource against its operator's definition (k8s/schemas), and one checkov policy scan over
 * all of it; see ./k8s/rendered.ts for how they are rendered.
 */

/** Custom resources, checked against the operators' definitions in k8s/schemas. */
const CUSTOM_KINDS = [
  'Kafka',
  'KafkaNodePool',
  'KafkaTopic',
  'KafkaUser',
  'MongoDBCommunity',
  'ExternalSecret',
  'ScaledObject',
  'PrometheusRule',
  'PodMonitor',
];

const overlays = useRenderedOverlays();
let pytools: string;

beforeAll(() => {
  pytools = pythonTools();
}, 720_000);

describe('the rendered overlays', () => {
  it("validate strictly against the Kubernetes API schemas and the operators' definitions, which reject broken objects", () => {
    // A misspelt field, a wrong type and a missing image in a Deployment; a misspelt field and a
    // wrong type in two custom resources: each must be reported.
    const broken = path.join(overlays.work, 'broken.yaml');
    writeFileSync(
      broken,
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: broken}',
        'spec:',
        '  replica: 2',
        '  selector: {matchLabels: {a: b}}',
        '  template:',
        '    metadata: {labels: {a: b}}',
        '    spec: {containers: [{name: c, ports: [{containerPort: "http"}]}]}',
        '---',
        'apiVersion: kafka.strimzi.io/v1beta2',
        'kind: KafkaTopic',
        'metadata: {name: broken}',
        'spec: {partition: 3, replicas: three}',
        '---',
        'apiVersion: keda.sh/v1alpha1',
        'kind: ScaledObject',
        'metadata: {name: broken}',
        'spec: {scaleTargetRef: {name: x}, triggers: [{type: kafka, metadata: {}, lagThreshold: 5}]}',
        '',
      ].join('\n'),
    );
    const run = tool(path.join(pytools, 'bin/python'), [
      path.join(k8s, 'tools/validate.py'),
      KUBERNETES_VERSION,
      path.join(k8s, 'schemas'),
      ...overlays.rendered.map((r) => r.file),
      broken,
    ]);
    expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
    const checked = (
      JSON.parse(run.stdout) as {
        checked: { file: string; kind: string; name: string; result: string; message: string }[];
      }
    ).checked;
    const ours = checked.filter((c) => c.file !== broken);
    expect(ours.length).toBe(overlays.rendered.reduce((n, r) => n + r.objects.length, 0));
    const notValid = ours.filter((c) => c.result !== 'valid');
    expect(
      notValid.map((c) => `${path.basename(c.file)} ${c.kind}/${c.name}: ${c.result} ${c.message}`),
    ).toEqual([]);
    // Every operator's resource kind occurs, and was checked against its definition.
    for (const kind of CUSTOM_KINDS) {
      const ofKind = ours.filter((c) => c.kind === kind);
      expect([kind, ofKind.length > 0]).toEqual([kind, true]);
      for (const c of ofKind) expect(c.message).toMatch(/^against [\w.-]+\/[\w.-]+\.yaml$/);
    }
    expect(
      checked.filter((c) => c.file === broken).map((c) => [c.kind, c.result, c.message]),
    ).toEqual([
      ['Deployment', 'invalid', expect.stringMatching(/replica|containerPort/)],
      ['KafkaTopic', 'invalid', expect.stringMatching(/'partition' was unexpected.*replicas/)],
      ['ScaledObject', 'invalid', expect.stringMatching(/lagThreshold/)],
    ]);
  }, 300_000);

  it('pass the checkov policy scan with no failed check, and every skip says why', () => {
    // A pod that breaks the rules, scanned in the same run: the scan must flag it and only it.
    const risky = path.join(overlays.work, 'risky.yaml');
    writeFileSync(
      risky,
      [
        'apiVersion: v1',
        'kind: Pod',
        'metadata: {name: risky, namespace: swapbooth}',
        'spec:',
        '  containers: [{name: c, image: "nginx:latest", securityContext: {privileged: true}}]',
        '',
      ].join('\n'),
    );
    const scan = tool(
      path.join(pytools, 'bin/checkov'),
      [
        '--config-file',
        path.join(k8s, '.checkov.yaml'),
        ...[...overlays.rendered.map((r) => r.file), risky].flatMap((f) => ['--file', f]),
        '--compact',
        '--output',
        'json',
      ],
      { env: { ...process.env, CKV_SKIP_PACKAGE_UPDATE_CHECK: 'true' } },
    );
    expect(scan.stdout.trim().startsWith('{')).toBe(true);
    const report = JSON.parse(scan.stdout) as {
      summary: { failed: number; passed: number; parsing_errors: number };
      results: {
        failed_checks: { check_id: string; resource: string; file_path: string }[];
        skipped_checks: {
          check_id: string;
          resource: string;
          check_result: { suppress_comment?: string };
        }[];
      };
    };
    const failed = report.results.failed_checks;
    const ours = failed.filter((f) => !f.file_path.endsWith('risky.yaml'));
    expect(ours.map((f) => `${f.file_path} ${f.resource} ${f.check_id}`)).toEqual([]);
    expect(failed.length).toBeGreaterThan(3);
    expect(report.summary.parsing_errors).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(1000);
    for (const skipped of report.results.skipped_checks) {
      expect([skipped.resource, skipped.check_id, skipped.check_result.suppress_comment]).toEqual([
        skipped.resource,
        skipped.check_id,
        expect.stringMatching(/\w+ \w+ \w+/),
      ]);
    }
    // Checks skipped for every resource carry their reason as the comment above their line.
    const config = readFileSync(path.join(k8s, '.checkov.yaml'), 'utf8').split('\n');
    const skipList = (parse(config.join('\n')) as { 'skip-check'?: string[] })['skip-check'] ?? [];
    for (const id of skipList) {
      const at = config.findIndex((line) => line.trim() === `- ${id}`);
      const reason: string[] = [];
      for (let i = at - 1; i >= 0 && config[i]!.trim().startsWith('#'); i--)
        reason.push(config[i]!);
      expect([id, at >= 0, reason.join(' ').length > 80]).toEqual([id, true, true]);
    }
  }, 300_000);
});
