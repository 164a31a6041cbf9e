import { readFileSync } from 'node:fs';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';
import { loadAuthConfig } from '../../services/auth/src/config';
import { loadNotificationConfig } from '../../services/notification/src/config';
import { loadPaymentConfig } from '../../services/payment/src/config';
import { loadAdminConfig } from '../../services/admin/src/config';
import { loadGatewayConfig } from '../../gateway/src/config';
import {
  SERVICES,
  APPS,
  CONSUMERS,
  type Obj,
  type Rendered,
  kinds,
  named,
  containerOf,
  envOf,
  configOf,
  labelsMatch,
  useRenderedOverlays,
} from './k8s/rendered';

/**
 * The platform's rules for what runs: probes, limits, non-root read-only pods, autoscaling and
 * disruption budgets, each overlay's replicas and data stores, search on Meilisearch whenever it has
 * replicas, and secrets never committed.
 */

const overlays = useRenderedOverlays();

/** The keys a Secret will hold: its own data, or what the ExternalSecret that makes it fetches. */
function secretKeys(r: Rendered, name: string): string[] {
  const secret = kinds(r, 'Secret').find((o) => o.metadata.name === name);
  if (secret) return Object.keys({ ...secret.data, ...secret.stringData });
  const made = kinds(r, 'ExternalSecret').find(
    (o) => (o.spec.target?.name ?? o.metadata.name) === name,
  );
  return (made?.spec.data ?? []).map((d: Obj) => d.secretKey as string);
}

const PRODUCTION_RULES: Record<string, (env: Record<string, string>) => unknown> = {
  gateway: loadGatewayConfig,
  auth: loadAuthConfig,
  notification: loadNotificationConfig,
  payment: loadPaymentConfig,
  admin: loadAdminConfig,
};

describe('every Deployment', () => {
  it('has both probes, requests and limits, a non-root read-only container and graceful termination longer than the drain', () => {
    for (const r of overlays.rendered) {
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

  it("gives its service settings the service's configuration accepts in production", () => {
    // The shared settings (the Kafka TLS and SASL ones among them) as the service would read them:
    // the ConfigMap, then the container's own values; a value from a Secret stands in as 'x'.
    const refused: string[] = [];
    for (const r of overlays.rendered) {
      for (const d of kinds(r, 'Deployment')) {
        const env: Record<string, string> = { ...configOf(r) };
        for (const ref of containerOf(d).envFrom ?? []) {
          if (!ref.secretRef) continue;
          // A Secret's value stands in as 'x', or as a URL where the setting is one.
          for (const key of secretKeys(r, ref.secretRef.name)) {
            env[key] = key.endsWith('_URL') ? 'https://secret.example' : 'x';
          }
        }
        for (const e of containerOf(d).env ?? []) env[e.name] = e.value ?? 'x';
        try {
          loadConfig(baseConfigSchema, env);
          // The services whose production rules concern the deployment: web origin and app
          // address set, Stripe configured, no demo seeding, no payment sandbox.
          PRODUCTION_RULES[d.metadata.name as string]?.(env);
        } catch (err) {
          refused.push(`${r.name} ${d.metadata.name}: ${(err as Error).message}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('believes the X-Forwarded-For entry of the ingress alone at the gateway, and of the gateway alone at a service', () => {
    for (const r of overlays.rendered) {
      for (const d of kinds(r, 'Deployment')) {
        const name = d.metadata.name as string;
        const env: Record<string, string> = { ...configOf(r) };
        for (const e of containerOf(d).env ?? []) env[e.name] = e.value ?? 'x';
        const load =
          name === 'gateway'
            ? loadGatewayConfig
            : (e: Record<string, string>) => loadConfig(baseConfigSchema, e);
        expect([r.name, name, load(env).TRUST_PROXY]).toEqual([r.name, name, 1]);
      }
    }
  });

  it('has a disruption budget and an autoscaler on CPU (or a KEDA ScaledObject) targeting it', () => {
    for (const r of overlays.rendered) {
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
          expect(s.spec.triggers.map((t: Obj) => t.type).sort()).toEqual(['cpu', 'prometheus']);
          const lag = s.spec.triggers.find((t: Obj) => t.type === 'prometheus');
          // The services' own lag metric, as the alerts and the dashboard read it: the group is
          // the service's name (packages/event-bus bus.ts), its label on every sample.
          expect(lag.metadata.query).toBe(
            'sum(max by (topic, partition) ' +
              `(kafka_consumer_lag_messages{namespace="swapbooth",service="${name}"}))`,
          );
          expect(Number(lag.metadata.threshold)).toBeGreaterThan(0);
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
    const productions = overlays.rendered.filter((r) => r.name.startsWith('production'));
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
    const local = overlays.rendered.find((r) => r.name === 'local')!;
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
    const local = overlays.rendered.find((r) => r.name === 'local')!;
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
    for (const r of overlays.rendered.filter((o) => o.name.startsWith('production'))) {
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
    const prod = overlays.rendered.find((r) => r.name === 'production')!;
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
    for (const r of overlays.rendered) {
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
