import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import type { Kafka, KafkaMessage } from 'kafkajs';
import { Topics, deadLetterTopic } from '@swapbooth/contracts';
import { createLogger } from '@swapbooth/service-kit';
import { eventually } from '@swapbooth/test-kit';
import {
  EventConsumer,
  OutboxRelay,
  ProcessedEventStore,
  createKafka,
  ensureTopics,
  outboxEntry,
  outboxPlugin,
  pushEvents,
  topicName,
  withOutbox,
  type BusConfig,
} from '../src';

/** The event backbone against the real broker and the real MongoDB-compatible server. */
const logger = createLogger('event-bus-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const bus: BusConfig = {
  brokers: process.env.KAFKA_BROKERS!.split(','),
  clientId: 'event-bus-test',
  prefix: `${process.env.KAFKA_TOPIC_PREFIX}${randomUUID().slice(0, 8)}.`,
  partitions: 2,
};
const topics = [Topics.user];

interface Account {
  _id: string;
  email: string;
  verified: boolean;
  _outbox?: unknown[];
  _outboxPending?: boolean;
}

let conn: Connection;
let kafka: Kafka;
let Accounts: Model<Account>;
const stoppers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  conn = await mongoose
    .createConnection(process.env.MONGO_URL!, { dbName: `${process.env.MONGO_DB_PREFIX}eventbus` })
    .asPromise();
  const schema = new Schema<Account>({ _id: String, email: String, verified: Boolean });
  schema.plugin(outboxPlugin);
  Accounts = conn.model<Account>('Account', schema);
  await Accounts.init();
  kafka = createKafka(bus, logger);
  await ensureTopics(kafka, bus, topics);
});

afterEach(async () => {
  while (stoppers.length) await stoppers.pop()!().catch(() => undefined);
});

afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

const ctx = { producer: 'event-bus-test' };

/** What lands on the user topic's dead-letter topic from now on, each as `describe` puts it. */
async function deadLetters(describe: (message: KafkaMessage) => string): Promise<string[]> {
  const dead: string[] = [];
  const dlq = kafka.consumer({ groupId: `dlq-${randomUUID()}`, maxWaitTimeInMs: 100 });
  await dlq.connect();
  await dlq.subscribe({ topic: topicName(bus, deadLetterTopic(Topics.user)), fromBeginning: true });
  await dlq.run({
    eachMessage: async ({ message }) => {
      dead.push(describe(message));
    },
  });
  stoppers.push(() => dlq.disconnect());
  return dead;
}

/** The outbox relay of the Accounts collection, polling quickly; stopped after the test. */
async function startRelay(): Promise<void> {
  const relay = new OutboxRelay({ kafka, bus, models: [Accounts], logger, pollIntervalMs: 50 });
  await relay.start();
  stoppers.push(() => relay.stop());
}

function startConsumer(
  groupId: string,
  handler: (type: string, id: string, email: string) => Promise<void>,
) {
  const consumer = new EventConsumer({
    kafka,
    bus,
    groupId,
    processed: new ProcessedEventStore(conn),
    logger,
    backoffMs: 20,
    maxAttempts: 3,
    // As the raw consumers here: stopping waits for the fetch in flight, which an idle broker
    // holds this long (5 s by default); messages arrive at once whatever the wait.
    maxWaitTimeInMs: 100,
    subscriptions: [
      {
        topic: Topics.user,
        handlers: {
          'user.registered': (e) => handler(e.type, e.id, e.data.email),
          'user.email-verified': (e) => handler(e.type, e.id, e.data.email),
        },
      },
    ],
  });
  stoppers.push(() => consumer.stop());
  return consumer;
}

/** Counts raw deliveries on the topic (before idempotency), to prove a duplicate really was delivered. */
async function countDeliveries(topic: string, eventId: string): Promise<() => number> {
  let n = 0;
  const raw = kafka.consumer({ groupId: `raw-${randomUUID()}`, maxWaitTimeInMs: 100 });
  await raw.connect();
  await raw.subscribe({ topic: topicName(bus, topic), fromBeginning: true });
  await raw.run({
    eachMessage: async ({ message }) => {
      if (message.headers?.['event-id']?.toString() === eventId) n++;
    },
  });
  stoppers.push(() => raw.disconnect());
  return () => n;
}

it('delivers an event written with its state change once per handler, even when the relay dies between publishing and clearing', async () => {
  const userId = randomUUID();
  const email = `${userId}@example.test`;
  const registered = outboxEntry(
    'user.registered',
    userId,
    { userId, email, authMethod: 'email' },
    ctx,
  );
  await Accounts.create({ _id: userId, email, verified: false, ...withOutbox([registered]) });

  const applied: string[] = [];
  const consumer = startConsumer(`group-${randomUUID()}`, async (_type, id) => {
    applied.push(id);
  });
  await consumer.start();
  const deliveries = await countDeliveries(Topics.user, registered.id);

  // First relay publishes, then "crashes" before it can clear the outbox.
  const crashing = new OutboxRelay({
    kafka,
    bus,
    models: [Accounts],
    logger,
    // Long enough that stopping it (which tries to publish again) finds the lease still held.
    leaseMs: 2_000,
    afterPublish: () => {
      throw new Error('relay killed');
    },
  });
  await crashing.start(); // its first cycle publishes, then dies before clearing
  await eventually(() => deliveries() === 1, 15000);
  await crashing.stop().catch(() => undefined);
  const stillPending = await Accounts.findById(userId).lean();
  expect(stillPending?._outbox).toHaveLength(1);

  // A fresh relay (after the lease runs out) publishes the same event again and clears it.
  await eventually(async () => {
    const doc = await Accounts.findById(userId).lean<{ _outboxLeaseUntil?: Date | null }>();
    return doc?._outboxLeaseUntil != null && doc._outboxLeaseUntil.getTime() < Date.now();
  }, 10_000);
  const relay = new OutboxRelay({ kafka, bus, models: [Accounts], logger });
  await relay.start();
  stoppers.push(() => relay.stop());
  await eventually(() => deliveries() === 2, 15000);

  await eventually(() => applied.length >= 1, 10000);
  await new Promise((r) => setTimeout(r, 500));
  expect(deliveries()).toBe(2);
  expect(applied).toEqual([registered.id]);
  const cleared = await Accounts.findById(userId).lean();
  expect(cleared?._outbox).toEqual([]);
  expect(cleared?._outboxPending).toBe(false);
});

it('writes the state change and its event in one update, and publishes in order for the aggregate', async () => {
  const userId = randomUUID();
  const email = `${userId}@example.test`;
  await Accounts.create({
    _id: userId,
    email,
    verified: false,
    ...withOutbox([
      outboxEntry('user.registered', userId, { userId, email, authMethod: 'email' }, ctx),
    ]),
  });
  await Accounts.updateOne(
    { _id: userId },
    pushEvents({ $set: { verified: true } }, [
      outboxEntry('user.email-verified', userId, { userId, email }, ctx),
    ]),
  );

  const seen: string[] = [];
  const consumer = startConsumer(`group-${randomUUID()}`, async (type, _id, mail) => {
    if (mail === email) seen.push(type);
  });
  await consumer.start();
  await startRelay();
  await eventually(() => seen.length === 2, 15000);
  expect(seen).toEqual(['user.registered', 'user.email-verified']);
  expect((await Accounts.findById(userId).lean())?.verified).toBe(true);
});

it('sends a message whose handler keeps failing to the dead-letter topic, and the next messages still flow', async () => {
  const poison = randomUUID();
  const healthy = randomUUID();
  const applied: string[] = [];
  const attempts = new Map<string, number>();
  const consumer = startConsumer(`group-${randomUUID()}`, async (_type, _id, email) => {
    if (!email.startsWith(poison) && !email.startsWith(healthy)) return;
    attempts.set(email, (attempts.get(email) ?? 0) + 1);
    if (email.startsWith(poison)) throw new Error('cannot handle this one');
    applied.push(email);
  });
  await consumer.start();

  const dead = await deadLetters(
    (m) => `${m.key?.toString()}|${m.headers?.['dlq-error']?.toString()}`,
  );

  // Same aggregate key, so both land on one partition: the healthy one queues behind the poison one.
  const key = randomUUID();
  for (const mail of [`${poison}@example.test`, `${healthy}@example.test`]) {
    await Accounts.create({
      _id: randomUUID(),
      email: mail,
      verified: false,
      ...withOutbox([
        outboxEntry('user.registered', key, { userId: key, email: mail, authMethod: 'email' }, ctx),
      ]),
    });
  }
  await startRelay();

  await eventually(() => applied.includes(`${healthy}@example.test`), 20000);
  await eventually(() => dead.length >= 1, 10000);
  expect(dead[0]).toBe(`${key}|cannot handle this one`);
  expect(attempts.get(`${poison}@example.test`)).toBe(3);
  expect(applied).toEqual([`${healthy}@example.test`]);
});

it('waits for an unreachable database instead of dead-lettering: the event is handled once it is back', async () => {
  const waiting = randomUUID();
  const attempts = new Map<string, number>();
  const applied: string[] = [];
  const consumer = startConsumer(`group-${randomUUID()}`, async (_type, _id, email) => {
    if (!email.startsWith(waiting)) return;
    const n = (attempts.get(email) ?? 0) + 1;
    attempts.set(email, n);
    // Twice the dead-letter attempts' worth of failures, as the driver reports a server away.
    if (n <= 6) {
      throw Object.assign(new Error('connection <monitor> to 127.0.0.1:27017 closed'), {
        name: 'MongoServerSelectionError',
      });
    }
    applied.push(email);
  });
  await consumer.start();

  const dead = await deadLetters((m) => m.value?.toString() ?? '');

  const key = randomUUID();
  const mail = `${waiting}@example.test`;
  await Accounts.create({
    _id: randomUUID(),
    email: mail,
    verified: false,
    ...withOutbox([
      outboxEntry('user.registered', key, { userId: key, email: mail, authMethod: 'email' }, ctx),
    ]),
  });
  await startRelay();

  await eventually(() => applied.includes(mail), 30_000);
  expect(attempts.get(mail)).toBe(7);
  expect(dead.filter((v) => v.includes(waiting))).toEqual([]);
});
