import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { allTopics, deadLetterTopic, serviceNames, serviceRegistry } from '@swapbooth/contracts';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';
import { kustomizeBuild, projectKustomize } from './kustomize';

/**
 * What `kubectl apply -k` would send to a cluster, checked before any cluster sees it: every
 * overlay rendered by kustomize, every object validated against the Kubernetes API schemas
 * (kubernetes-validate, strict) and every custom resource against its operator's definition
 * (k8s/schemas, strict too), one checkov policy scan over all of it, and the platform's own rules
 * (probes, limits, non-root, read-only, autoscaling, disruption budgets, network policies, secrets
 * never committed, search on Meilisearch whenever it has replicas).
 *
 * Renders with the project's own kustomize (infra/tools/kustomize, which scripts/lib.sh
 * ensure_kustomize builds once; no kubectl needed) and needs the Python tools of
 * infra/tools/requirements.txt, which ensure_python_tools installs; a tool that cannot be had fails
 * the suite with a message.
 */

const root = path.resolve(__dirname, '../..');
const k8s = path.join(root, 'k8s');
const KUBERNETES_VERSION = '1.32';

const SERVICES = serviceNames;
const APPS = ['gateway', ...SERVICES] as const;
const PORTS: Record<string, number> = Object.fromEntries([
  ['gateway', 8080],
  ...serviceRegistry.map((s) => [s.name, s.port] as const),
]);
/** Services whose consumers read Kafka (every one but the gateway). */
const CONSUMERS = SERVICES;
/** The services admin calls for moderation (services/admin/src/adapters/platform-client.ts). */
const ADMIN_COMMANDS = ['auth', 'catalog', 'payment'];
/** Custom resources, checked against the operators' definitions in k8s/schemas. */
const CUSTOM_KINDS = [
  'Kafka',
  'KafkaNodePool',
  'KafkaTopic',
  'KafkaUser',
  'MongoDBCommunity',
  'ExternalSecret',
  'ScaledObject',
  'TriggerAuthentication',
  'PrometheusRule',
  'PodMonitor',
];

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are untyped YAML */
type Obj = Record<string, any>;

interface Rendered {
  name: string;
  file: string;
  objects: Obj[];
}

function tool(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  return spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
}

function pythonTools(): string {
  if (process.env.SWAPBOOTH_PYTOOLS) return process.env.SWAPBOOTH_PYTOOLS;
  const found = tool(
    'bash',
    [
      '-c',
      'source scripts/lib.sh >/dev/null 2>&1; ensure_python_tools >/dev/null 2>&1; echo $SWAPBOOTH_PYTOOLS',
    ],
    { cwd: root },
  );
  const dir = found.stdout.trim();
  if (found.status !== 0 || dir === '') {
    throw new Error(
      'The Python tools (kubernetes-validate, checkov) are missing and ensure_python_tools could ' +
        `not install them: run \`source scripts/lib.sh && ensure_python_tools\`.\n${found.stderr}`,
    );
  }
  return dir;
}

const kinds = (r: Rendered, kind: string) => r.objects.filter((o) => o.kind === kind);
const named = (r: Rendered, kind: string, name: string) =>
  r.objects.find((o) => o.kind === kind && o.metadata?.name === name);
const containerOf = (d: Obj): Obj => d.spec.template.spec.containers[0];
const envOf = (d: Obj, name: string): Obj | undefined =>
  (containerOf(d).env ?? []).find((e: Obj) => e.name === name);
const configOf = (r: Rendered): Record<string, string> =>
  named(r, 'ConfigMap', 'swapbooth-config')?.data ?? {};
const labelsMatch = (
  selector: Record<string, string> | undefined,
  labels: Record<string, string>,
) => Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);

/** Whether a NetworkPolicy peer's podSelector picks pods with these labels (same namespace). */
function peerSelects(peer: Obj, labels: Record<string, string>): boolean {
  if (peer.namespaceSelector || peer.ipBlock || !peer.podSelector) return false;
  const { matchLabels, matchExpressions } = peer.podSelector;
  if (!labelsMatch(matchLabels, labels)) return false;
  return (matchExpressions ?? []).every(
    (e: Obj) => e.operator === 'In' && (e.values as string[]).includes(labels[e.key] ?? ''),
  );
}

/** The ports one app's pods may reach on pods labelled `labels`, by every policy selecting them. */
function egressPorts(
  r: Rendered,
  from: Record<string, string>,
  to: Record<string, string>,
): number[] {
  return kinds(r, 'NetworkPolicy')
    .filter((p) => labelsMatch(p.spec.podSelector.matchLabels, from))
    .flatMap((p) => p.spec.egress ?? [])
    .filter((rule: Obj) => (rule.to ?? []).some((peer: Obj) => peerSelects(peer, to)))
    .flatMap((rule: Obj) => (rule.ports ?? []).map((port: Obj) => Number(port.port)));
}

/** The apps whose pods may open connections to `app`'s pods, by its own ingress rules. */
function ingressFrom(r: Rendered, app: string): string[] {
  const labels = { 'app.kubernetes.io/name': app, 'app.kubernetes.io/part-of': 'swapbooth' };
  return kinds(r, 'NetworkPolicy')
    .filter((p) => labelsMatch(p.spec.podSelector.matchLabels, labels))
    .flatMap((p) => p.spec.ingress ?? [])
    .flatMap((rule: Obj) => rule.from ?? [])
    .map(
      (peer: Obj) =>
        peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ??
        `namespace:${peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']}`,
    );
}

const appLabels = (app: string) => ({
  'app.kubernetes.io/name': app,
  'app.kubernetes.io/component': app === 'gateway' ? 'gateway' : 'service',
  'app.kubernetes.io/part-of': 'swapbooth',
});
const store = (name: string) => ({ 'swapbooth.io/data-store': name });

let work: string;
let rendered: Rendered[];
let pytools: string;

beforeAll(() => {
  projectKustomize();
  pytools = pythonTools();
  work = mkdtempSync(path.join(tmpdir(), 'swapbooth-k8s-'));
  const overlays = readdirSync(path.join(k8s, 'overlays')).sort();
  expect(overlays).toEqual(['local', 'production', 'production-in-cluster']);
  const variants = overlays.map((o) => [o, path.join(k8s, 'overlays', o)] as const);
  rendered = variants.map(([name, dir]) => {
    const out = kustomizeBuild(dir);
    if (out.status !== 0) throw new Error(`kustomize build ${name} failed:\n${out.stderr}`);
    const file = path.join(work, `${name}.yaml`);
    writeFileSync(file, out.stdout);
    const objects = parseAllDocuments(out.stdout).map((d) => d.toJS() as Obj);
    return { name, file, objects };
  });
}, 720_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the rendered overlays', () => {
  it("validate strictly against the Kubernetes API schemas and the operators' definitions, which reject broken objects", () => {
    // A misspelt field, a wrong type and a missing image in a Deployment; a misspelt field and a
    // wrong type in two custom resources: each must be reported.
    const broken = path.join(work, 'broken.yaml');
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
      ...rendered.map((r) => r.file),
      broken,
    ]);
    expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
    const checked = (
      JSON.parse(run.stdout) as {
        checked: { file: string; kind: string; name: string; result: string; message: string }[];
      }
    ).checked;
    const ours = checked.filter((c) => c.file !== broken);
    expect(ours.length).toBe(rendered.reduce((n, r) => n + r.objects.length, 0));
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
    const risky = path.join(work, 'risky.yaml');
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
        ...[...rendered.map((r) => r.file), risky].flatMap((f) => ['--file', f]),
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

describe('every Deployment', () => {
  it('has both probes, requests and limits, a non-root read-only container and graceful termination longer than the drain', () => {
    for (const r of rendered) {
      const drainSeconds = 5 + Number(configOf(r).SHUTDOWN_TIMEOUT_MS) / 1000 + 10;
      expect(drainSeconds).toBeGreaterThan(15);
      const deployments = kinds(r, 'Deployment');
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...APPS].sort());
      for (const d of deployments) {
        const pod = d.spec.template.spec;
        const c = containerOf(d);
        const problems: string[] = [];
        if (c.readinessProbe?.httpGet?.path !== '/readyz') problems.push('readiness /readyz');
        if (c.livenessProbe?.httpGet?.path !== '/healthz') problems.push('liveness /healthz');
        for (const kind of ['requests', 'limits']) {
          if (!c.resources?.[kind]?.cpu || !c.resources?.[kind]?.memory) problems.push(kind);
        }
        if (pod.securityContext?.runAsNonRoot !== true || c.securityContext?.runAsNonRoot !== true)
          problems.push('runAsNonRoot');
        if (c.securityContext?.readOnlyRootFilesystem !== true) problems.push('read-only root');
        if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push('escalation');
        if (JSON.stringify(c.securityContext?.capabilities?.drop) !== '["ALL"]')
          problems.push('capabilities drop ALL');
        if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault')
          problems.push('seccomp');
        if (pod.automountServiceAccountToken !== false) problems.push('service account token');
        if (!(pod.terminationGracePeriodSeconds > drainSeconds)) problems.push('grace period');
        const tmp = (c.volumeMounts ?? []).find((m: Obj) => m.mountPath === '/tmp');
        const tmpVolume = (pod.volumes ?? []).find((v: Obj) => v.name === tmp?.name);
        if (!tmpVolume?.emptyDir) problems.push('emptyDir /tmp');
        if (!/:[\w.-]+$/.test(c.image) || /:latest$/.test(c.image)) problems.push('pinned tag');
        expect([r.name, d.metadata.name, problems]).toEqual([r.name, d.metadata.name, []]);
      }
    }
  });

  it("gives its service settings the service's configuration accepts", () => {
    // The shared settings (the Kafka TLS and SASL ones among them) as the service would read them:
    // the ConfigMap, then the container's own values; a value from a Secret stands in as 'x'.
    const refused: string[] = [];
    for (const r of rendered) {
      for (const d of kinds(r, 'Deployment')) {
        const env: Record<string, string> = { ...configOf(r) };
        for (const e of containerOf(d).env ?? []) env[e.name] = e.value ?? 'x';
        try {
          loadConfig(baseConfigSchema, env);
        } catch (err) {
          refused.push(`${r.name} ${d.metadata.name}: ${(err as Error).message}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('has a disruption budget and an autoscaler on CPU (or a KEDA ScaledObject) targeting it', () => {
    for (const r of rendered) {
      for (const d of kinds(r, 'Deployment')) {
        const name = d.metadata.name as string;
        const podLabels = d.spec.template.metadata.labels;
        const pdbs = kinds(r, 'PodDisruptionBudget').filter((p) =>
          labelsMatch(p.spec.selector.matchLabels, podLabels),
        );
        expect([r.name, name, pdbs.length]).toEqual([r.name, name, 1]);
        expect(pdbs[0]!.spec.maxUnavailable ?? pdbs[0]!.spec.minAvailable).toBeDefined();
        const hpas = kinds(r, 'HorizontalPodAutoscaler').filter(
          (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
        );
        const scaled = kinds(r, 'ScaledObject').filter((s) => s.spec.scaleTargetRef.name === name);
        // Never both: two autoscalers on one Deployment fight over its replica count.
        expect([r.name, name, hpas.length + scaled.length]).toEqual([r.name, name, 1]);
        const hpa = hpas[0];
        if (hpa) {
          expect(hpa.apiVersion).toBe('autoscaling/v2');
          expect(hpa.spec.metrics).toContainEqual(
            expect.objectContaining({
              type: 'Resource',
              resource: expect.objectContaining({ name: 'cpu' }),
            }),
          );
          expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
        }
        const s = scaled[0];
        if (s) {
          expect(s.spec.triggers.map((t: Obj) => t.type).sort()).toEqual(['cpu', 'kafka']);
          const kafka = s.spec.triggers.find((t: Obj) => t.type === 'kafka');
          // The consumer group is the service's name (packages/event-bus bus.ts).
          expect(kafka.metadata.consumerGroup).toBe(name);
          expect(kafka.metadata.bootstrapServersFromEnv).toBe('KAFKA_BROKERS');
          expect(s.spec.maxReplicaCount).toBeLessThanOrEqual(Number(configOf(r).KAFKA_PARTITIONS));
        }
      }
      if (r.name === 'production-in-cluster') {
        expect(
          kinds(r, 'ScaledObject')
            .map((s) => s.metadata.name)
            .sort(),
        ).toEqual([...CONSUMERS].sort());
      }
    }
  });
});

describe('network policies', () => {
  it('deny everything by default and let every pod resolve names', () => {
    for (const r of rendered) {
      const policies = kinds(r, 'NetworkPolicy');
      const deny = policies.find((p) => p.metadata.name === 'default-deny');
      expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
      const dns = policies.find((p) => p.metadata.name === 'allow-dns');
      expect(dns?.spec.podSelector).toEqual({});
      expect(dns?.spec.egress[0].ports).toContainEqual({ protocol: 'UDP', port: 53 });
    }
  });

  it('let the ingress controller reach only the gateway, and the gateway every service', () => {
    for (const r of rendered) {
      expect(ingressFrom(r, 'gateway')).toEqual(['namespace:ingress-nginx']);
      for (const s of SERVICES) {
        expect([r.name, s, egressPorts(r, appLabels('gateway'), appLabels(s))]).toEqual([
          r.name,
          s,
          [PORTS[s]],
        ]);
        const callers = ingressFrom(r, s).sort();
        expect([s, callers]).toEqual([s, s === 'admin' ? ['gateway'] : ['admin', 'gateway']]);
      }
      expect(egressPorts(r, appLabels('gateway'), store('mongodb'))).toEqual([]);
      expect(egressPorts(r, appLabels('gateway'), store('redis'))).toEqual([6379]);
    }
  });

  it('let each service reach only its data stores and Kafka, and admin the services it commands', () => {
    for (const r of rendered) {
      for (const s of SERVICES) {
        const reach = (to: Record<string, string>) => egressPorts(r, appLabels(s), to);
        expect([s, reach(store('mongodb')), reach(store('kafka')), reach(store('redis'))]).toEqual([
          s,
          [27017],
          [9092],
          [6379],
        ]);
        expect([s, reach(store('meilisearch'))]).toEqual([s, s === 'search' ? [7700] : []]);
        for (const other of APPS.filter((a) => a !== s)) {
          const allowed = s === 'admin' && other !== 'gateway' ? [PORTS[other]] : [];
          expect([s, other, reach(appLabels(other))]).toEqual([s, other, allowed]);
        }
      }
      for (const target of ADMIN_COMMANDS) {
        expect(egressPorts(r, appLabels('admin'), appLabels(target))).toEqual([PORTS[target]]);
      }
    }
  });
});

describe('secrets', () => {
  /** Secret names the Deployments and StatefulSets read, and whether a missing one is tolerated. */
  function referencedSecrets(r: Rendered): { name: string; optional: boolean }[] {
    const refs: { name: string; optional: boolean }[] = [];
    for (const w of [...kinds(r, 'Deployment'), ...kinds(r, 'StatefulSet')]) {
      const pod = w.spec.template.spec;
      for (const c of pod.containers) {
        for (const e of c.envFrom ?? [])
          if (e.secretRef) refs.push({ name: e.secretRef.name, optional: !!e.secretRef.optional });
        for (const e of c.env ?? [])
          if (e.valueFrom?.secretKeyRef)
            refs.push({ name: e.valueFrom.secretKeyRef.name, optional: false });
      }
      for (const v of pod.volumes ?? []) {
        if (v.secret) refs.push({ name: v.secret.secretName, optional: !!v.secret.optional });
        for (const source of v.projected?.sources ?? [])
          if (source.secret)
            refs.push({ name: source.secret.name, optional: !!source.secret.optional });
      }
    }
    return refs;
  }

  it('are never committed for production: every one comes from the secret store, Stripe included', () => {
    const productions = rendered.filter((r) => r.name.startsWith('production'));
    expect(productions.length).toBe(2);
    for (const prod of productions) {
      expect([prod.name, kinds(prod, 'Secret')]).toEqual([prod.name, []]);
      const text = readFileSync(prod.file, 'utf8');
      expect(text).not.toMatch(/sk_test_|whsec_|REPLACE_WITH|-----BEGIN/);
      const made = new Map(kinds(prod, 'ExternalSecret').map((e) => [e.spec.target.name, e]));
      // The MongoDB operator writes each service's connection string from its user's password;
      // Strimzi writes each KafkaUser's password and the cluster CA's certificate.
      const byOperator = new Set([
        ...kinds(prod, 'MongoDBCommunity').flatMap((m) =>
          m.spec.users.map((u: Obj) => u.connectionStringSecretName as string),
        ),
        ...kinds(prod, 'KafkaUser').map((u) => u.metadata.name as string),
        ...kinds(prod, 'Kafka').map((k) => `${k.metadata.name}-cluster-ca-cert`),
      ]);
      for (const ref of referencedSecrets(prod)) {
        const source = made.has(ref.name) || byOperator.has(ref.name) || ref.optional;
        expect([prod.name, ref.name, source]).toEqual([prod.name, ref.name, true]);
      }
      for (const m of kinds(prod, 'MongoDBCommunity')) {
        for (const u of m.spec.users) expect(made.has(u.passwordSecretRef.name)).toBe(true);
      }
      expect(
        made
          .get('payment-stripe')
          ?.spec.data.map((d: Obj) => d.secretKey)
          .sort(),
      ).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
      for (const e of made.values()) {
        expect(e.spec.secretStoreRef).toEqual({
          kind: 'ClusterSecretStore',
          name: 'swapbooth-secrets',
        });
        expect(e.spec.target.creationPolicy).toBe('Owner');
        expect(e.spec.data.length).toBeGreaterThan(0);
        for (const d of e.spec.data) {
          expect(d.secretKey).toBeTruthy();
          expect(d.remoteRef.key).toMatch(/^swapbooth\//);
        }
      }
    }
  });

  it('are generated for local with obviously local values, the signing keys made by hand', () => {
    const local = rendered.find((r) => r.name === 'local')!;
    const secrets = new Map(kinds(local, 'Secret').map((s) => [s.metadata.name, s]));
    for (const ref of referencedSecrets(local)) {
      if (ref.name === 'swapbooth-jwt' || ref.name.startsWith('swapbooth-mongodb-')) continue;
      expect([ref.name, secrets.has(ref.name) || ref.optional]).toEqual([ref.name, true]);
    }
    const decoded = [...secrets.values()].flatMap((s) =>
      Object.values((s.data ?? {}) as Record<string, string>).map((v) =>
        Buffer.from(v, 'base64').toString('utf8'),
      ),
    );
    expect(decoded.length).toBeGreaterThan(10);
    for (const value of decoded) expect(value).toMatch(/local|^swapbooth$/);
    // The operator writes the per-service MongoDB connection strings from these passwords.
    for (const s of SERVICES) expect(secrets.has(`mongodb-${s}-password`)).toBe(true);
  });
});

describe('the overlays', () => {
  it('run one replica of everything locally, with the data stores in the cluster', () => {
    const local = rendered.find((r) => r.name === 'local')!;
    for (const d of kinds(local, 'Deployment')) expect(d.spec.replicas).toBe(1);
    for (const h of kinds(local, 'HorizontalPodAutoscaler'))
      expect([h.spec.minReplicas, h.spec.maxReplicas]).toEqual([1, 1]);
    for (const kind of ['Kafka', 'MongoDBCommunity']) expect(kinds(local, kind).length).toBe(1);
    expect(
      kinds(local, 'StatefulSet')
        .map((s) => s.metadata.name)
        .sort(),
    ).toEqual(['meilisearch', 'redis']);
  });

  it('run at least two replicas in production behind a TLS ingress, with the data stores outside', () => {
    for (const r of rendered.filter((o) => o.name.startsWith('production'))) {
      for (const d of kinds(r, 'Deployment')) {
        // The autoscaler owns the count; a fixed one would be re-applied with every release.
        expect([r.name, d.metadata.name, d.spec.replicas]).toEqual([
          r.name,
          d.metadata.name,
          undefined,
        ]);
        expect(containerOf(d).image).toMatch(/^registry\.example\.com\/swapbooth\//);
      }
      const ranges = [
        ...kinds(r, 'HorizontalPodAutoscaler').map((h) => [h.spec.minReplicas, h.spec.maxReplicas]),
        ...kinds(r, 'ScaledObject').map((s) => [s.spec.minReplicaCount, s.spec.maxReplicaCount]),
      ];
      expect(ranges.length).toBe(APPS.length);
      for (const [min, max] of ranges) {
        expect(min).toBeGreaterThanOrEqual(2);
        expect(max).toBeGreaterThan(min);
      }
    }
    const prod = rendered.find((r) => r.name === 'production')!;
    const ingress = kinds(prod, 'Ingress');
    expect(ingress.length).toBe(1);
    expect(ingress[0]!.spec.tls[0].secretName).toBeTruthy();
    expect(ingress[0]!.spec.tls[0].hosts).toEqual([ingress[0]!.spec.rules[0].host]);
    for (const kind of ['Kafka', 'MongoDBCommunity', 'StatefulSet'])
      expect([kind, kinds(prod, kind).length]).toEqual([kind, 0]);
    const config = configOf(prod);
    for (const key of ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'MEILI_URL']) {
      expect([key, config[key]]).toEqual([key, expect.stringMatching(/example\.com/)]);
    }
  });

  it('run search on Meilisearch and tell it the most replicas it may run', () => {
    for (const r of rendered) {
      expect(configOf(r).MEILI_URL).toMatch(/^https?:\/\//);
      const search = named(r, 'Deployment', 'search')!;
      const max =
        named(r, 'HorizontalPodAutoscaler', 'search')?.spec.maxReplicas ??
        named(r, 'ScaledObject', 'search')?.spec.maxReplicaCount;
      expect([r.name, envOf(search, 'SEARCH_REPLICAS')?.value]).toEqual([r.name, String(max)]);
      const secrets = (containerOf(search).envFrom ?? []).map((e: Obj) => e.secretRef?.name);
      expect(secrets.some((n: string | undefined) => n?.startsWith('search-meilisearch'))).toBe(
        true,
      );
    }
  });
});

describe('the data component', () => {
  const withData = () => rendered.filter((r) => kinds(r, 'Kafka').length > 0);

  it('runs Kafka in KRaft mode with controller and broker node pools', () => {
    expect(withData().map((r) => r.name)).toEqual(['local', 'production-in-cluster']);
    for (const r of withData()) {
      const kafka = kinds(r, 'Kafka')[0]!;
      expect(kafka.apiVersion).toBe('kafka.strimzi.io/v1beta2');
      expect(kafka.metadata.annotations).toMatchObject({
        'strimzi.io/kraft': 'enabled',
        'strimzi.io/node-pools': 'enabled',
      });
      expect(kafka.spec.zookeeper).toBeUndefined();
      // The services' listener: plaintext locally, TLS with SCRAM in production (kafka-auth).
      expect(kafka.spec.kafka.listeners).toEqual([
        r.name === 'local'
          ? { name: 'plain', port: 9092, type: 'internal', tls: false }
          : {
              name: 'tls',
              port: 9092,
              type: 'internal',
              tls: true,
              authentication: { type: 'scram-sha-512' },
            },
      ]);
      expect(configOf(r).KAFKA_BROKERS).toBe(`${kafka.metadata.name}-kafka-bootstrap:9092`);
      const pools = kinds(r, 'KafkaNodePool');
      expect(pools.flatMap((p) => p.spec.roles).sort()).toEqual(['broker', 'controller']);
      for (const p of pools) {
        expect(p.metadata.labels['strimzi.io/cluster']).toBe(kafka.metadata.name);
        expect(p.spec.replicas).toBeGreaterThanOrEqual(1);
        expect(p.spec.storage.volumes[0]).toMatchObject({ type: 'persistent-claim' });
        expect(p.spec.template.pod.metadata.labels['swapbooth.io/data-store']).toBe('kafka');
      }
      const brokers = pools.find((p) => p.spec.roles.includes('broker'))!.spec.replicas as number;
      const rf = kafka.spec.kafka.config['default.replication.factor'] as number;
      expect(rf).toBeLessThanOrEqual(brokers);
      expect(kafka.spec.kafka.config['min.insync.replicas']).toBeLessThanOrEqual(rf);
    }
  });

  it('declares a KafkaTopic for every topic and dead-letter topic, with the configured partitions and a retention', () => {
    const wanted = allTopics.flatMap((t) => [t, deadLetterTopic(t)]).sort();
    for (const r of withData()) {
      const topics = kinds(r, 'KafkaTopic');
      expect(topics.map((t) => t.spec.topicName).sort()).toEqual(wanted);
      const brokers = kinds(r, 'KafkaNodePool').find((p) => p.spec.roles.includes('broker'))!.spec
        .replicas as number;
      for (const t of topics) {
        expect(t.metadata.labels['strimzi.io/cluster']).toBe(kinds(r, 'Kafka')[0]!.metadata.name);
        expect(t.spec.partitions).toBe(Number(configOf(r).KAFKA_PARTITIONS));
        expect(t.spec.replicas).toBeLessThanOrEqual(brokers);
        expect(Number(t.spec.config['min.insync.replicas'])).toBeLessThanOrEqual(t.spec.replicas);
        const days = Number(t.spec.config['retention.ms']) / 86_400_000;
        expect(days).toBe(t.spec.topicName.endsWith('.dlq') ? 30 : 14);
      }
    }
  });

  it('takes TLS and SCRAM from every client in production, each service as its own KafkaUser limited to its group', () => {
    const prod = rendered.find((r) => r.name === 'production-in-cluster')!;
    const kafka = kinds(prod, 'Kafka')[0]!;
    const cluster = kafka.metadata.name as string;
    expect(kafka.spec.kafka.authorization).toEqual({ type: 'simple' });
    expect(kafka.spec.entityOperator.userOperator).toBeDefined();
    const users = new Map(kinds(prod, 'KafkaUser').map((u) => [u.metadata.name as string, u]));
    expect([...users.keys()].sort()).toEqual(SERVICES.map((s) => `swapbooth-${s}`).sort());
    for (const s of SERVICES) {
      const user = users.get(`swapbooth-${s}`)!;
      expect(user.metadata.labels['strimzi.io/cluster']).toBe(cluster);
      expect(user.spec.authentication).toEqual({ type: 'scram-sha-512' });
      const acls = user.spec.authorization.acls as Obj[];
      // Its own consumer group, nobody else's; no right to create, delete or reconfigure anything.
      expect(acls.filter((a) => a.resource.type === 'group').map((a) => a.resource)).toEqual([
        { type: 'group', name: s, patternType: 'literal' },
      ]);
      for (const a of acls) {
        expect([s, a.operations]).toEqual([
          s,
          expect.not.arrayContaining([expect.stringMatching(/^(All|Create|Delete|Alter.*)$/)]),
        ]);
        if (a.resource.type === 'topic') expect(a.resource.name).toMatch(/^swapbooth\./);
      }

      // The service's settings (packages/service-kit config.ts) name that user and its files.
      const d = named(prod, 'Deployment', s)!;
      const value = (name: string) => envOf(d, name)?.value as string | undefined;
      expect([
        s,
        value('KAFKA_SSL'),
        value('KAFKA_SASL_MECHANISM'),
        value('KAFKA_SASL_USERNAME'),
      ]).toEqual([s, 'true', 'scram-sha-512', user.metadata.name]);
      const pod = d.spec.template.spec;
      const files = new Map<string, { secret: string; key: string }>();
      for (const m of containerOf(d).volumeMounts as Obj[]) {
        const volume = (pod.volumes as Obj[]).find((v) => v.name === m.name)!;
        for (const source of volume.projected?.sources ?? [])
          for (const item of source.secret?.items ?? [])
            files.set(`${m.mountPath}/${item.path}`, { secret: source.secret.name, key: item.key });
      }
      expect([s, files.get(value('KAFKA_SSL_CA_FILE')!)]).toEqual([
        s,
        { secret: `${cluster}-cluster-ca-cert`, key: 'ca.crt' },
      ]);
      expect([s, files.get(value('KAFKA_SASL_PASSWORD_FILE')!)]).toEqual([
        s,
        { secret: user.metadata.name, key: 'password' },
      ]);

      // KEDA reads the group's lag as the same user, over the same TLS listener.
      const trigger = named(prod, 'ScaledObject', s)!.spec.triggers.find(
        (t: Obj) => t.type === 'kafka',
      );
      expect([trigger.metadata.sasl, trigger.metadata.tls]).toEqual(['scram_sha512', 'enable']);
      const auth = named(prod, 'TriggerAuthentication', trigger.authenticationRef.name)!;
      expect(auth.spec.env).toEqual([
        { parameter: 'username', name: 'KAFKA_SASL_USERNAME', containerName: containerOf(d).name },
      ]);
      expect(auth.spec.secretTargetRef).toEqual(
        expect.arrayContaining([
          { parameter: 'password', name: user.metadata.name, key: 'password' },
          { parameter: 'ca', name: `${cluster}-cluster-ca-cert`, key: 'ca.crt' },
        ]),
      );
    }
    // The local overlay stays plaintext, with no users.
    const local = rendered.find((r) => r.name === 'local')!;
    expect(kinds(local, 'KafkaUser')).toEqual([]);
    for (const d of kinds(local, 'Deployment')) {
      const kafkaEnv = (containerOf(d).env ?? []).filter((e: Obj) =>
        /^KAFKA_S(SL|ASL)/.test(e.name),
      );
      expect([d.metadata.name, kafkaEnv]).toEqual([d.metadata.name, []]);
    }
  });

  it('runs MongoDB as a replica set with one user per service, limited to its own database', () => {
    for (const r of withData()) {
      const mongo = kinds(r, 'MongoDBCommunity')[0]!;
      expect(mongo.apiVersion).toBe('mongodbcommunity.mongodb.com/v1');
      expect(mongo.spec.type).toBe('ReplicaSet');
      expect(mongo.spec.members).toBe(r.name === 'local' ? 1 : 3);
      expect(mongo.spec.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(mongo.spec.security.authentication.modes).toEqual(['SCRAM']);
      expect(mongo.spec.users.map((u: Obj) => u.name).sort()).toEqual([...SERVICES].sort());
      for (const u of mongo.spec.users) {
        expect(u.roles).toEqual([{ name: 'readWrite', db: `swapbooth_${u.name}` }]);
        expect(u.passwordSecretRef.name).toBe(`mongodb-${u.name}-password`);
        expect(u.scramCredentialsSecretName).toBeTruthy();
        const d = named(r, 'Deployment', u.name)!;
        expect(envOf(d, 'MONGO_URL')?.valueFrom.secretKeyRef).toEqual({
          name: u.connectionStringSecretName,
          key: 'connectionString.standard',
        });
      }
      expect(configOf(r).MONGO_DB_PREFIX).toBe('swapbooth_');
      expect(mongo.spec.statefulSet.spec.template.metadata.labels['swapbooth.io/data-store']).toBe(
        'mongodb',
      );
    }
  });

  it('runs Meilisearch on a volume with its master key from a Secret, and Redis', () => {
    for (const r of withData()) {
      const meili = named(r, 'StatefulSet', 'meilisearch')!;
      const c = containerOf(meili);
      expect(meili.spec.volumeClaimTemplates[0].metadata.name).toBe(
        c.volumeMounts.find((m: Obj) => m.mountPath === '/meili_data').name,
      );
      expect(envOf(meili, 'MEILI_MASTER_KEY')?.valueFrom.secretKeyRef.name).toMatch(
        /^meilisearch-master-key/,
      );
      const service = named(r, 'Service', 'meilisearch')!;
      expect(configOf(r).MEILI_URL).toBe(`http://meilisearch:${service.spec.ports[0].port}`);
      const redis = named(r, 'StatefulSet', 'redis')!;
      expect(redis.spec.volumeClaimTemplates.length).toBe(1);
      expect(configOf(r).REDIS_URL).toBe(
        `redis://redis:${named(r, 'Service', 'redis')!.spec.ports[0].port}`,
      );
      for (const s of [meili, redis]) {
        expect(s.spec.template.metadata.labels['swapbooth.io/data-store']).toBe(s.metadata.name);
      }
    }
  });
});

describe('the alerts', () => {
  it('each have a threshold, a summary and a runbook section in docs/operations.md', () => {
    const full = rendered.find((r) => r.name === 'production-in-cluster')!;
    const rules = kinds(full, 'PrometheusRule').flatMap((p) =>
      p.spec.groups.flatMap((g: Obj) => g.rules),
    );
    expect(rules.length).toBeGreaterThanOrEqual(10);
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    for (const rule of rules) {
      expect(rule.expr).toMatch(/[<>]=?|==/);
      expect(rule.labels.severity).toMatch(/^(critical|warning|info)$/);
      expect(rule.annotations.summary).toBeTruthy();
      const anchor = rule.alert.toLowerCase();
      expect(rule.annotations.runbook).toBe(`docs/operations.md#${anchor}`);
      expect([rule.alert, operations.includes(`### ${rule.alert}`)]).toEqual([rule.alert, true]);
    }
  });
});
