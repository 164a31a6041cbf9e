import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import type { Producer } from 'kafkajs';
import { Topics, createEvent } from '@swapbooth/contracts';
import { createLogger } from '@swapbooth/service-kit';
import { eventually } from '@swapbooth/test-kit';
import { ServiceBus, createKafka, ensureTopics, topicName, type BusConfig } from '../src';

/**
 * A service may answer HTTP before its consumers have joined their group (KAFKA_CONSUMERS_START=
 * background): a replica restarted after a crash otherwise waits for the broker to give up on its
 * previous self and for the group to rebalance. Against the real broker.
 */
const logger = createLogger('event-bus-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const config: BusConfig = {
  brokers: process.env.KAFKA_BROKERS!.split(','),
  clientId: 'join-test',
  prefix: `${process.env.KAFKA_TOPIC_PREFIX}${randomUUID().slice(0, 8)}.`,
  partitions: 2,
};

let conn: Connection;
let producer: Producer;
const buses: ServiceBus[] = [];

beforeAll(async () => {
  conn = await mongoose
    .createConnection(process.env.MONGO_URL!, { dbName: `${process.env.MONGO_DB_PREFIX}joinbus` })
    .asPromise();
  const kafka = createKafka(config, logger);
  await ensureTopics(kafka, config, [Topics.user]);
  producer = kafka.producer();
  await producer.connect();
});

afterEach(async () => {
  while (buses.length) await buses.pop()!.stop();
});

afterAll(async () => {
  await producer?.disconnect();
  await conn.dropDatabase();
  await conn.close();
});

function bus() {
  const handled = new Set<string>();
  const b = new ServiceBus({
    service: `join-${randomUUID().slice(0, 8)}`,
    config,
    logger,
    conn,
    subscriptions: [
      {
        topic: Topics.user,
        handlers: {
          'user.registered': async (e) => {
            handled.add(e.data.email);
          },
        },
      },
    ],
  });
  buses.push(b);
  return { b, handled };
}

async function register(email: string) {
  const userId = randomUUID();
  const env = createEvent(
    'user.registered',
    { userId, email, authMethod: 'email' },
    { producer: 'event-bus-test', subject: userId },
  );
  await producer.send({
    topic: topicName(config, Topics.user),
    messages: [{ key: userId, value: JSON.stringify(env) }],
  });
}

it('starts before its consumer has joined the group, then handles the events published meanwhile', async () => {
  const { b, handled } = bus();
  await b.start({ consumersInBackground: true });
  // Joining takes round trips to the broker, none of which can have completed yet.
  expect(b.consumer!.isRunning).toBe(false);
  const email = `${randomUUID()}@example.test`;
  await register(email);
  await eventually(() => handled.has(email), 30_000);
  expect(b.consumer!.isRunning).toBe(true);
});

it('waits for the join when told to, as the component tests run', async () => {
  const { b } = bus();
  await b.start();
  expect(b.consumer!.isRunning).toBe(true);
});

it('stops cleanly while its consumer is still joining, and the consumer does not start afterwards', async () => {
  const { b } = bus();
  await b.start({ consumersInBackground: true });
  await b.stop();
  expect(b.consumer!.isRunning).toBe(false);
});
