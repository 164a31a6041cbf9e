import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import {
  allTopics,
  createEvent,
  deadLetterTopic,
  Topics,
  type ServiceName,
} from '@swapbooth/contracts';
import { signTestToken } from '@swapbooth/test-kit';
import { scaled } from './support/profile';
import { FaultStack } from './support/stack';
import { until } from './support/market';
import { recordScenario, table } from './support/results';

/**
 * Scenario 3: poison messages on every topic the services consume. Each consuming service sets
 * each one aside on the topic's `.dlq` (a message its handler keeps failing on after the retries;
 * one it cannot even read at once, as retrying cannot help), the messages behind it on the same
 * partition are still applied, every group's lag returns to 0, and an admin reads the counts.
 */
const CONSUMERS: ServiceName[] = [
  'admin',
  'auth',
  'catalog',
  'chat',
  'exchange',
  'notification',
  'payment',
  'search',
];
const POISON_PER_TOPIC = scaled(5, 2);

let stack: FaultStack;
let tap: Consumer | undefined;

beforeAll(async () => {
  stack = await FaultStack.start('s3', { services: CONSUMERS });
});

afterAll(async () => {
  await tap?.disconnect().catch(() => undefined);
  await stack?.stop();
});

test(`${POISON_PER_TOPIC * 2} poison messages on each of the ${allTopics.length} topics land in its .dlq once per consuming service, and what follows them still flows`, async () => {
  const started = Date.now();
  // Per topic: messages that are not events at all, and events whose data breaks their schema,
  // each followed on the same key (so the same partition) by a valid event.
  const key = (topic: string, i: number) => `poison-${topic}-${i}`;
  const member = `fm-poison-${randomUUID().slice(0, 8)}`;
  const listing = randomUUID();
  for (const topic of allTopics) {
    const messages: Array<{ key: string; value: string }> = [];
    for (let i = 0; i < POISON_PER_TOPIC; i++) {
      messages.push({ key: key(topic, i), value: `{"not": "an event", "n": ${i}` });
      const broken = createEvent(
        'user.registered',
        { userId: 'x', email: 'x@y.z', authMethod: 'email' },
        { producer: 'faults', subject: key(topic, i) },
      );
      messages.push({
        key: key(topic, i),
        value: JSON.stringify({ ...broken, data: { userId: 42 } }),
      });
    }
    await stack.sendRaw(topic, messages);
  }
  // Behind the poison on the user and product topics (same keys): events two services apply.
  const now = new Date().toISOString();
  await stack.publishMany([
    ...Array.from({ length: POISON_PER_TOPIC }, (_, i) => ({
      type: 'user.registered' as const,
      subject: key(Topics.user, i),
      data: {
        userId: `${member}-${i}`,
        email: `${member}-${i}@faults.swapbooth.test`,
        authMethod: 'email' as const,
      },
    })),
    {
      type: 'product.created' as const,
      subject: key(Topics.product, 0),
      data: {
        productId: listing,
        userId: member,
        slug: `poison-survivor-${listing.slice(0, 6)}`,
        title: 'Listing behind the poison',
        description: 'Published right after two poison messages on its partition',
        category: 'Books',
        type: 'item' as const,
        tags: [],
        status: 'published',
        images: [],
        createdAt: now,
        updatedAt: now,
        version: 1,
      },
    },
  ]);

  // Which services consume which topic, as the broker knows it (their groups' committed offsets).
  const admin = await stack.getAdmin();
  const groupOf = (s: ServiceName) => `${stack.env.KAFKA_TOPIC_PREFIX}${s}`;
  const consumersOf = async (topic: string) => {
    const out: ServiceName[] = [];
    for (const s of CONSUMERS) {
      const [offsets] = await admin.fetchOffsets({
        groupId: groupOf(s),
        topics: [stack.topic(topic)],
      });
      if (offsets?.partitions.some((p) => Number(p.offset) >= 0)) out.push(s);
    }
    return out;
  };
  // Every group past every message: lag 0 on every topic it consumes, and each topic's dead-letter
  // copies as many as its consumers times its poison, twice in a row (a group still joining has
  // neither committed nor dead-lettered anything yet).
  let previous = '';
  await until(
    'every consumer group past the poison (lag 0, every copy dead-lettered)',
    async () => {
      const state: string[] = [];
      for (const topic of allTopics) {
        const groups = await consumersOf(topic);
        if (!groups.includes('admin')) return false;
        for (const g of groups) if ((await stack.lag(g, [topic])) !== 0) return false;
        const dlq = await stack.messagesIn(deadLetterTopic(topic));
        if (dlq !== groups.length * 2 * POISON_PER_TOPIC) return false;
        state.push(`${topic}:${groups.join(',')}`);
      }
      const now = state.join(' ');
      const stable = now === previous;
      previous = now;
      return stable;
    },
    scaled(300_000, 180_000),
    3000,
  );
  const settledS = (Date.now() - started) / 1000;

  // What each .dlq holds: one copy per consuming service of each poison message.
  tap = new Kafka({
    brokers: stack.env.KAFKA_BROKERS!.split(','),
    logLevel: logLevel.NOTHING,
  }).consumer({
    groupId: `${stack.env.KAFKA_TOPIC_PREFIX}faults-dlq-reader-${randomUUID().slice(0, 6)}`,
  });
  await tap.connect();
  await tap.subscribe({
    topics: allTopics.map((t) => stack.topic(deadLetterTopic(t))),
    fromBeginning: true,
  });
  const seen: Array<{ topic: string; group: string; attempts: string; key: string }> = [];
  await tap.run({
    eachMessage: async ({ topic, message }) => {
      seen.push({
        topic: topic.slice(String(stack.env.KAFKA_TOPIC_PREFIX).length, -'.dlq'.length),
        group: message.headers?.['dlq-group']?.toString() ?? '?',
        attempts: message.headers?.['dlq-attempts']?.toString() ?? '?',
        key: message.key?.toString() ?? '',
      });
    },
  });
  const expected = new Map<string, ServiceName[]>();
  for (const topic of allTopics) expected.set(topic, await consumersOf(topic));
  const expectedTotal = [...expected.values()].reduce(
    (n, c) => n + c.length * 2 * POISON_PER_TOPIC,
    0,
  );
  await until(
    `the dead-letter topics' ${expectedTotal} messages read`,
    async () => seen.length >= expectedTotal,
    120_000,
    500,
  );

  const rows = allTopics.map((topic) => {
    const mine = seen.filter((m) => m.topic === topic);
    const groups = expected.get(topic)!;
    const perGroup = groups.map((g) => mine.filter((m) => m.group === g).length);
    return {
      topic,
      groups,
      dlq: mine.length,
      ok:
        perGroup.every((n) => n === 2 * POISON_PER_TOPIC) &&
        mine.length === groups.length * 2 * POISON_PER_TOPIC,
    };
  });

  // Behind the poison: applied.
  const notification = await stack.db('notification');
  const exchange = await stack.db('exchange');
  const membersKnown = await until(
    'the members behind the poison',
    async () => {
      const n = await notification.collection('members').countDocuments({
        _id: { $in: Array.from({ length: POISON_PER_TOPIC }, (_, i) => `${member}-${i}`) },
      } as object);
      return n === POISON_PER_TOPIC ? n : false;
    },
    60_000,
  );
  const listingKnown = await until(
    'the listing behind the poison',
    async () =>
      (await exchange.collection('listings').countDocuments({ _id: listing } as object)) === 1,
    60_000,
  );

  // What an admin sees on the dashboard.
  const adminToken = signTestToken(`fault-admin-${randomUUID().slice(0, 6)}`, {
    type: 'admin',
    audience: 'swapbooth-admin',
    extra: { role: 'executive', permissions: {} },
  });
  const res = await fetch(`${stack.service('admin').url}/api/admin/dashboard/dead-letters`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const dashboard = (await res.json()) as {
    data?: { total: number; topics: Array<{ topic: string; deadLettered: number }> };
  };

  recordScenario(
    3,
    'Poison messages on every consumed topic',
    `${POISON_PER_TOPIC} messages that are not events and ${POISON_PER_TOPIC} events whose data breaks their schema on each of the ${allTopics.length} topics, each on a key followed by valid events, with all ${CONSUMERS.length} consuming services running as processes. A message no consumer can read goes to the \`.dlq\` at once (retrying cannot make it readable; a handler that fails is retried ${4} times with backoff first, proven in packages/event-bus/test/outbox-delivery.test.ts).

${table(
  ['topic', 'consuming services', 'messages in its .dlq', 'one per poison message and service'],
  rows.map((r) => [r.topic, r.groups.join(', '), r.dlq, r.ok ? 'yes' : '**no**']),
)}

| measure | value |
|---|---|
| every group back to lag 0 after | ${settledS.toFixed(1)} s |
| valid events behind the poison applied (members, listing) | ${membersKnown} of ${POISON_PER_TOPIC}, ${listingKnown ? 1 : 0} of 1 |
| admin dashboard: dead-lettered total | ${dashboard.data?.total ?? `answer ${res.status}`} (expected ${expectedTotal}) |`,
  );

  expect(rows.filter((r) => !r.ok)).toEqual([]);
  expect(rows.every((r) => r.groups.length > 0)).toBe(true);
  expect(res.status).toBe(200);
  expect(dashboard.data?.total).toBe(expectedTotal);
  for (const r of rows) {
    expect(dashboard.data?.topics.find((t) => t.topic === r.topic)?.deadLettered).toBe(r.dlq);
  }
});
