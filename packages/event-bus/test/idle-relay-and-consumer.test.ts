import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import type { Kafka, Producer } from 'kafkajs';
import { Topics, createEvent } from '@swapbooth/contracts';
import { createLogger } from '@swapbooth/service-kit';
import { eventually } from '@swapbooth/test-kit';
import {
  EventConsumer,
  OUTBOX_PENDING_COLLECTION,
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

/**
 * An idle service must rest: the relay finds pending events through small pending records read by
 * _id (not by reading the outbox collections), and a consumer's fetch waits on the broker until
 * data arrives. Against the real broker and the real MongoDB-compatible server.
 */
const logger = createLogger('event-bus-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const bus: BusConfig = {
  brokers: process.env.KAFKA_BROKERS!.split(','),
  clientId: 'idle-test',
  prefix: `${process.env.KAFKA_TOPIC_PREFIX}${randomUUID().slice(0, 8)}.`,
  partitions: 2,
};

interface Account {
  _id: string;
  email: string;
  verified: boolean;
}

let conn: Connection;
let kafka: Kafka;
let producer: Producer;
let Accounts: Model<Account>;
/** Commands the driver sent, by collection. */
const commands: Array<{ name: string; collection: unknown }> = [];
const stoppers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  conn = await mongoose
    .createConnection(process.env.MONGO_URL!, {
      dbName: `${process.env.MONGO_DB_PREFIX}idlebus`,
      monitorCommands: true,
    })
    .asPromise();
  conn.getClient().on('commandStarted', (e) => {
    commands.push({ name: e.commandName, collection: e.command[e.commandName] });
  });
  const schema = new Schema<Account>({ _id: String, email: String, verified: Boolean });
  schema.plugin(outboxPlugin);
  Accounts = conn.model<Account>('Account', schema);
  await Accounts.init();
  kafka = createKafka(bus, logger);
  await ensureTopics(kafka, bus, [Topics.user]);
  producer = kafka.producer();
  await producer.connect();
});

afterEach(async () => {
  while (stoppers.length) await stoppers.pop()!().catch(() => undefined);
});

afterAll(async () => {
  await producer?.disconnect();
  await conn.dropDatabase();
  await conn.close();
});

const ctx = { producer: 'event-bus-test' };

function registered(userId: string, email: string) {
  return outboxEntry('user.registered', userId, { userId, email, authMethod: 'email' }, ctx);
}

/** A consumer of the user topic that records which events it handled, and when. */
function consumer(opts: { maxWaitTimeInMs?: number; groupPrefix?: string; consumeFrom?: number }) {
  const handled = new Map<string, number>();
  const c = new EventConsumer({
    kafka,
    bus: {
      ...bus,
      ...(opts.groupPrefix ? { groupPrefix: opts.groupPrefix } : {}),
      ...(opts.consumeFrom ? { consumeFrom: opts.consumeFrom } : {}),
    },
    groupId: `idle-${randomUUID().slice(0, 8)}`,
    processed: new ProcessedEventStore(conn),
    logger,
    // Stopping waits for the fetch in flight, which an idle broker holds this long: the test
    // files' wait (1 s) unless a test asks for another, instead of the 5 s default.
    maxWaitTimeInMs: opts.maxWaitTimeInMs ?? Number(process.env.KAFKA_FETCH_WAIT_MS ?? 1000),
    subscriptions: [
      {
        topic: Topics.user,
        handlers: {
          'user.registered': async (e) => {
            handled.set(e.data.email, Date.now());
          },
        },
      },
    ],
  });
  stoppers.push(() => c.stop());
  return { c, handled };
}

async function pendingRecords(): Promise<number> {
  return conn.collection(OUTBOX_PENDING_COLLECTION).countDocuments({});
}

it('publishes a write found through its pending record and reads no outbox collection while idle', async () => {
  const { c, handled } = consumer({});
  await c.start();
  const relay = new OutboxRelay({ kafka, bus, models: [Accounts], logger, pollIntervalMs: 100 });
  await relay.start();
  stoppers.push(() => relay.stop());

  // Created, then changed: each write that stores events leaves a record naming the aggregate.
  const userId = randomUUID();
  const email = `${userId}@example.test`;
  await Accounts.create({
    _id: userId,
    email,
    verified: false,
    ...withOutbox([registered(userId, email)]),
  });
  const second = `${randomUUID()}@example.test`;
  await Accounts.updateOne(
    { _id: userId },
    pushEvents({ $set: { verified: true } }, [registered(userId, second)]),
  );
  relay.kick();
  await eventually(() => handled.has(email) && handled.has(second), 15_000);
  await eventually(async () => (await pendingRecords()) === 0, 5_000);
  const doc = await Accounts.findById(userId).lean<Account & { _outboxPending: boolean }>();
  expect(doc?._outboxPending).toBe(false);

  // Idle: many sweeps, and not one of them reads the accounts collection.
  commands.length = 0;
  await new Promise((r) => setTimeout(r, 1_000));
  const sweeps = commands.filter((e) => e.collection === OUTBOX_PENDING_COLLECTION).length;
  const accountReads = commands.filter((e) => e.collection === Accounts.collection.name);
  expect(sweeps).toBeGreaterThanOrEqual(5);
  expect(accountReads).toEqual([]);
});

it('finds events whose pending record was never written: at start, and on the periodic full pass', async () => {
  const { c, handled } = consumer({});
  await c.start();
  // A crash between the aggregate's update and its pending record: events with no record.
  const lost = async () => {
    const userId = randomUUID();
    const email = `${userId}@example.test`;
    await Accounts.collection.insertOne({
      _id: userId as never,
      email,
      verified: false,
      ...withOutbox([registered(userId, email)]),
    });
    return email;
  };
  const beforeStart = await lost();
  const relay = new OutboxRelay({
    kafka,
    bus,
    models: [Accounts],
    logger,
    pollIntervalMs: 100,
    fullScanIntervalMs: 1_500,
  });
  await relay.start();
  stoppers.push(() => relay.stop());
  await eventually(() => handled.has(beforeStart), 15_000);

  const whileRunning = await lost();
  relay.kick(); // no record: a kick alone does not find it, the next full pass does
  await eventually(() => handled.has(whileRunning), 15_000);
});

it('delivers an event to a consumer idling in a long broker wait at once', async () => {
  // A fetch waits up to 8 s for data, yet returns as soon as a message arrives.
  const { c, handled } = consumer({ maxWaitTimeInMs: 8_000 });
  await c.start();
  const send = async (email: string) => {
    const userId = randomUUID();
    const env = createEvent(
      'user.registered',
      { userId, email, authMethod: 'email' },
      { producer: 'event-bus-test', subject: userId },
    );
    await producer.send({
      topic: topicName(bus, Topics.user),
      messages: [{ key: userId, value: JSON.stringify(env) }],
    });
  };
  // The first event proves the consumer has joined and fetches; the next ones find it idle.
  const warm = `${randomUUID()}@example.test`;
  await send(warm);
  await eventually(() => handled.has(warm), 30_000);
  const took: number[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 1_500));
    const email = `${randomUUID()}@example.test`;
    const sent = Date.now();
    await send(email);
    await eventually(() => handled.has(email), 20_000, 10);
    took.push(handled.get(email)! - sent);
  }
  // Had the fetch waited out its 8 s, each would take seconds; a busy machine still answers fast.
  expect(Math.min(...took)).toBeLessThan(1_000);
  expect(took.sort((a, b) => a - b)[1]).toBeLessThan(2_000);
});

it('names its group with the group prefix and skips events published before its start time', async () => {
  const email = (tag: string) => `${tag}-${randomUUID()}@example.test`;
  const send = async (address: string) => {
    const userId = randomUUID();
    const env = createEvent(
      'user.registered',
      { userId, email: address, authMethod: 'email' },
      { producer: 'event-bus-test', subject: userId },
    );
    await producer.send({
      topic: topicName(bus, Topics.user),
      messages: [{ key: userId, value: JSON.stringify(env) }],
    });
  };
  const old = email('old');
  await send(old);
  await new Promise((r) => setTimeout(r, 50));
  const groupPrefix = `file-${randomUUID().slice(0, 6)}.`;
  const { c, handled } = consumer({ groupPrefix, consumeFrom: Date.now() });
  await c.start();
  const fresh = email('new');
  await send(fresh);
  await eventually(() => handled.has(fresh), 30_000);
  expect(handled.has(old)).toBe(false);
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups: all } = await admin.listGroups();
    expect(all.some((g) => g.groupId.startsWith(`${bus.prefix}${groupPrefix}idle-`))).toBe(true);
  } finally {
    await admin.disconnect();
  }
});

it('lets connected kafka clients sleep: no timer spins while nothing is sent', async () => {
  const admin = kafka.admin();
  const idleProducer = kafka.producer();
  await admin.connect();
  await idleProducer.connect();
  stoppers.push(
    () => admin.disconnect(),
    () => idleProducer.disconnect(),
  );
  await admin.listTopics();
  await idleProducer.send({
    topic: topicName(bus, Topics.user),
    messages: [{ key: 'idle', value: 'not an event' }],
  });
  // kafkajs 2.2.4 re-arms a 1 ms timer per connection after every response, forever.
  const real = { setTimeout: global.setTimeout, setInterval: global.setInterval };
  let timers = 0;
  global.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    timers++;
    return real.setTimeout(...args);
  }) as typeof setTimeout;
  global.setInterval = ((...args: Parameters<typeof setInterval>) => {
    timers++;
    return real.setInterval(...args);
  }) as typeof setInterval;
  try {
    await new Promise((r) => real.setTimeout(r, 1_000));
  } finally {
    global.setTimeout = real.setTimeout;
    global.setInterval = real.setInterval;
  }
  expect(timers).toBeLessThan(20);
});
