import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allTopics, deadLetterTopic } from '@swapbooth/contracts';
import {
  root,
  SERVICES,
  type Obj,
  kinds,
  named,
  containerOf,
  envOf,
  configOf,
  useRenderedOverlays,
} from './k8s/rendered';

/** The data component (Strimzi Kafka, the MongoDB replica set, Meilisearch, Redis) and the alerts. */

const overlays = useRenderedOverlays();

describe('the data component', () => {
  const withData = () => overlays.rendered.filter((r) => kinds(r, 'Kafka').length > 0);

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
    const prod = overlays.rendered.find((r) => r.name === 'production-in-cluster')!;
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

      // KEDA reads the group's lag from Prometheus (the services' own metric), so it needs no
      // Kafka credentials of its own.
      const trigger = named(prod, 'ScaledObject', s)!.spec.triggers.find(
        (t: Obj) => t.type === 'prometheus',
      );
      expect([s, trigger.metadata.query]).toEqual([
        s,
        expect.stringContaining(
          `kafka_consumer_lag_messages{namespace="swapbooth",service="${s}"}`,
        ),
      ]);
    }
    // The local overlay stays plaintext, with no users.
    const local = overlays.rendered.find((r) => r.name === 'local')!;
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
    const full = overlays.rendered.find((r) => r.name === 'production-in-cluster')!;
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
