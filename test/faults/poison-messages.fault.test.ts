import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import {
  allTopics,
  createEvent,
  deadLetterTopic,
  Topics,
  type EventData,
  type EventType,
  type ServiceName,
  type TopicName,
} from '@swapbooth/contracts';
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_ATTEMPTS } from '@swapbooth/event-bus';
import { scaled } from './support/profile';
import { FaultStack } from './support/stack';
import { until } from './support/market';
import { recordScenario, table } from './support/results';

/**
 * Scenario 3: poison messages on every topic the services consume. Each consuming service sets
 * each one aside on the topic's `.dlq`: an event its handler keeps failing on only after the
 * retries (DEFAULT_MAX_ATTEMPTS runs with doubling backoff, recorded in the copy's `dlq-attempts`
 * header), a message it cannot even read at once (attempts 0: no retry can make unreadable bytes
 * or a payload that breaks its schema readable, so retrying would only hold the partition up).
 * The messages behind the poison on the same partition are still applied, every group's lag
 * returns to 0, and an admin reads the counts.
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

/**
 * The handler-failing poison: a well-formed event (it passes the contract, whose envelope takes any
 * string as occurredAt) stamped with a time that is not one. The admin service consumes every
 * topic and files each event under its time (a Date field), which cannot be cast from this, on
 * every attempt: a failure no retry cures. Other services may fail on it too (those that read the
 * time); each that does sets it aside after the same retries.
 */
const NOT_A_TIME = 'not a time';

/** Per topic, one event of it with a valid payload (ids that exist nowhere). */
function wellFormed(topic: TopicName, id: string): { type: EventType; data: EventData<EventType> } {
  const u = `${id}-u`;
  const v = `${id}-v`;
  const facts = {
    proposalId: id,
    senderId: u,
    receiverId: v,
    productIds: [`${id}-p`],
    offeredProductIds: [`${id}-q`],
  };
  const circle = {
    circleId: id,
    memberIds: [u, v],
    size: 2,
    members: [
      { userId: u, givesProductId: `${id}-p`, receivesProductId: `${id}-q` },
      { userId: v, givesProductId: `${id}-q`, receivesProductId: `${id}-p` },
    ],
  };
  const of = <K extends EventType>(type: K, data: EventData<K>) => ({
    type,
    data: data as EventData<EventType>,
  });
  switch (topic) {
    case Topics.user:
      return of('user.email-verified', { userId: u, email: `${u}@faults.swapbooth.test` });
    case Topics.authEmail:
      return of('auth.password-reset-requested', {
        userId: u,
        email: `${u}@faults.swapbooth.test`,
        resetUrl: 'http://127.0.0.1/reset',
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      });
    case Topics.product:
      return of('product.liked', { productId: `${id}-p`, userId: u, ownerId: v });
    case Topics.booth:
      return of('booth.updated', {
        boothId: id,
        userId: u,
        username: `poison_${id.slice(0, 8)}`,
        name: 'Poison booth',
        interests: [],
        status: 'active',
        version: 1,
      });
    case Topics.report:
      return of('report.filed', {
        reportId: id,
        reporterId: u,
        targetType: 'user',
        targetId: v,
        reason: 'spam',
      });
    case Topics.proposal:
      return of('proposal.expired', facts);
    case Topics.rating:
      return of('rating.created', {
        ratingId: id,
        proposalId: `${id}-x`,
        raterId: u,
        ratedUserId: v,
        ratingValue: 5,
        averageRating: 5,
        ratingCount: 1,
      });
    case Topics.circle:
      return of('circle.dissolved', { ...circle, reason: 'expired' });
    case Topics.chat:
      return of('chat.message-sent', {
        messageId: id,
        conversationId: `${id}-c`,
        proposalId: `${id}-x`,
        senderId: u,
        recipientId: v,
      });
    case Topics.subscription:
      return of('subscription.changed', { userId: u, status: 'canceled', currentPeriodEnd: null });
    case Topics.identity:
      return of('identity.verified', { userId: u, verified: true });
    case Topics.admin:
      return of('admin.action-taken', {
        adminId: u,
        action: 'note',
        targetType: 'user',
        targetId: v,
      });
    case Topics.savedSearch:
      return of('saved-search.deleted', { searchId: id, memberId: u, version: 1 });
  }
}

/** Which kind of poison a dead-letter copy is. */
function kindOf(value: string): 'unreadable' | 'schema' | 'handler' {
  try {
    const v = JSON.parse(value) as { occurredAt?: string };
    return v.occurredAt === NOT_A_TIME ? 'handler' : 'schema';
  } catch {
    return 'unreadable';
  }
}

const EXECUTIVE = { email: 'fault-executive@example.com', password: 'fault-executive-password' };

let stack: FaultStack;
let tap: Consumer | undefined;

beforeAll(async () => {
  stack = await FaultStack.start('s3', {
    services: CONSUMERS,
    // An executive who signs in for the dashboard: admin routes check the account on every call.
    env: { ADMIN_SEED_ACCOUNTS: `${EXECUTIVE.email}|${EXECUTIVE.password}|executive|` },
  });
});

afterAll(async () => {
  await tap?.disconnect().catch(() => undefined);
  await stack?.stop();
});

test(`${POISON_PER_TOPIC * 3} poison messages on each of the ${allTopics.length} topics land in its .dlq once per service they defeat (unreadable ones at once, an event whose handler keeps failing after ${DEFAULT_MAX_ATTEMPTS} attempts), and what follows them still flows`, async () => {
  const started = Date.now();
  // Per topic: messages that are not events at all, events whose data breaks their schema, and
  // well-formed events a handler fails on every time, each followed on the same key (so the same
  // partition) by a valid event.
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
      const { type, data } = wellFormed(topic, randomUUID());
      const failing = createEvent(type, data, { producer: 'faults', subject: key(topic, i) });
      messages.push({
        key: key(topic, i),
        value: JSON.stringify({ ...failing, occurredAt: NOT_A_TIME }),
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
        description: 'Published right after the poison messages on its partition',
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
  // Every group past every message: lag 0 on every topic it consumes (a consumer writes a message's
  // dead-letter copy before it commits past it), and each topic's dead-letter topic holds at least
  // one copy of each unreadable message per consumer and one of each failing event (admin's), the
  // same twice in a row (a group still joining has neither committed nor dead-lettered anything).
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
        if (dlq < groups.length * 2 * POISON_PER_TOPIC + POISON_PER_TOPIC) return false;
        state.push(`${topic}:${groups.join(',')}:${dlq}`);
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
  const seen: Array<{
    topic: string;
    group: string;
    attempts: string;
    key: string;
    kind: ReturnType<typeof kindOf>;
  }> = [];
  await tap.run({
    eachMessage: async ({ topic, message }) => {
      seen.push({
        topic: topic.slice(String(stack.env.KAFKA_TOPIC_PREFIX).length, -'.dlq'.length),
        group: message.headers?.['dlq-group']?.toString() ?? '?',
        attempts: message.headers?.['dlq-attempts']?.toString() ?? '?',
        key: message.key?.toString() ?? '',
        kind: kindOf(message.value?.toString() ?? ''),
      });
    },
  });
  const expected = new Map<string, ServiceName[]>();
  const held = new Map<string, number>();
  for (const topic of allTopics) {
    expected.set(topic, await consumersOf(topic));
    held.set(topic, await stack.messagesIn(deadLetterTopic(topic)));
  }
  const expectedTotal = [...held.values()].reduce((n, c) => n + c, 0);
  await until(
    `the dead-letter topics' ${expectedTotal} messages read`,
    async () => seen.length >= expectedTotal,
    120_000,
    500,
  );

  const max = String(DEFAULT_MAX_ATTEMPTS);
  const rows = allTopics.map((topic) => {
    const mine = seen.filter((m) => m.topic === topic);
    const groups = expected.get(topic)!;
    const unreadable = mine.filter((m) => m.kind !== 'handler');
    const failing = mine.filter((m) => m.kind === 'handler');
    // The services that set the failing event aside: admin always (it files every event under its
    // time), each of them once per event.
    const defeated = [...new Set(failing.map((m) => m.group))].sort();
    const count = (xs: typeof mine, g: string) => xs.filter((m) => m.group === g).length;
    return {
      topic,
      groups,
      defeated,
      dlq: mine.length,
      held: held.get(topic)!,
      unreadableAttempts: [...new Set(unreadable.map((m) => m.attempts))].join(', '),
      failingAttempts: [...new Set(failing.map((m) => m.attempts))].join(', '),
      ok:
        groups.every((g) => count(unreadable, g) === 2 * POISON_PER_TOPIC) &&
        unreadable.length === groups.length * 2 * POISON_PER_TOPIC &&
        unreadable.every((m) => m.attempts === '0') &&
        defeated.includes('admin') &&
        defeated.every((g) => groups.includes(g as ServiceName)) &&
        defeated.every((g) => count(failing, g) === POISON_PER_TOPIC) &&
        failing.every((m) => m.attempts === max) &&
        mine.length === held.get(topic),
    };
  });

  // Behind the poison: applied, by services that only read past it (notification, exchange) and
  // by admin, which first ran its handler on the failing event the full number of times.
  const behind = async (service: ServiceName, collection: string, ids: string[]) =>
    until(
      `${service}'s ${collection} behind the poison`,
      async () => {
        const n = await (
          await stack.db(service)
        )
          .collection(collection)
          .countDocuments({ _id: { $in: ids } } as object);
        return n === ids.length ? n : false;
      },
      60_000,
    );
  const members = Array.from({ length: POISON_PER_TOPIC }, (_, i) => `${member}-${i}`);
  const membersKnown = await behind('notification', 'members', members);
  const listingKnown = await behind('exchange', 'listings', [listing]);
  const adminMembersKnown = await behind('admin', 'members', members);
  const adminListingKnown = await behind('admin', 'listings', [listing]);

  // What an admin sees on the dashboard.
  const login = await fetch(`${stack.service('admin').url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EXECUTIVE),
  });
  const adminToken = ((await login.json()) as { data?: { adminToken?: string } }).data?.adminToken;
  const res = await fetch(`${stack.service('admin').url}/api/admin/dashboard/dead-letters`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const dashboard = (await res.json()) as {
    data?: { total: number; topics: Array<{ topic: string; deadLettered: number }> };
  };

  recordScenario(
    3,
    'Poison messages on every consumed topic',
    `${POISON_PER_TOPIC} messages that are not events, ${POISON_PER_TOPIC} events whose data breaks their schema and ${POISON_PER_TOPIC} well-formed events a handler fails on every time (a valid payload of one of the topic's event types, stamped with an occurredAt that is not a time: admin, which consumes every topic, cannot file it under its time) on each of the ${allTopics.length} topics, each on a key followed by valid events, with all ${CONSUMERS.length} consuming services running as processes. A message no consumer can read goes to the \`.dlq\` at once (dlq-attempts 0: no retry can make it readable); an event whose handler throws is retried with backoff (${DEFAULT_MAX_ATTEMPTS} attempts, pauses of ${Array.from({ length: DEFAULT_MAX_ATTEMPTS - 1 }, (_, i) => DEFAULT_BACKOFF_MS * 2 ** i).join(', ')} ms, inline on its partition) and only then dead-lettered, its copy's dlq-attempts header saying how many times it ran.

${table(
  [
    'topic',
    'consuming services',
    'defeated by the failing event',
    'messages in its .dlq',
    'dlq-attempts (unreadable)',
    'dlq-attempts (failing)',
    'one per poison message and service',
  ],
  rows.map((r) => [
    r.topic,
    r.groups.join(', '),
    r.defeated.join(', '),
    r.dlq,
    r.unreadableAttempts,
    r.failingAttempts,
    r.ok ? 'yes' : '**no**',
  ]),
)}

| measure | value |
|---|---|
| every group back to lag 0 after | ${settledS.toFixed(1)} s |
| valid events behind the poison applied (members, listing): notification, exchange | ${membersKnown} of ${POISON_PER_TOPIC}, ${listingKnown} of 1 |
| the same by admin, after retrying the failing events ahead of them | ${adminMembersKnown} of ${POISON_PER_TOPIC}, ${adminListingKnown} of 1 |
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
