import request from 'supertest';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { deadLetterTopic, Topics } from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import {
  bearer,
  dropIsolated,
  isolatedEnv,
  newAdmin,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from './support/harness';

const env = isolatedEnv();
let admin: AdminService;
let producer: Producer;
let exec: SignedInAdmin;

beforeAll(async () => {
  admin = await startAdmin(env);
  producer = new Kafka({
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  }).producer();
  await producer.connect();
  exec = await newAdmin(admin, 'executive');
});
afterAll(async () => {
  await producer?.disconnect();
  await admin?.stop();
  await dropIsolated(env);
});

const deadLetters = async (token: string) =>
  request(admin.url).get('/api/admin/dashboard/dead-letters').set(bearer(token));

describe('dead-letter counts on the dashboard', () => {
  it('tells an admin how many events each topic has dead-lettered, and the total', async () => {
    const before = await deadLetters(exec.token);
    expect(before.status).toBe(200);
    expect(before.body.data.total).toBe(0);
    expect(before.body.data.topics).toHaveLength(Object.keys(Topics).length);

    // What a consumer does after its retries: the message goes to the topic's .dlq.
    const send = (topic: string, n: number) =>
      producer.send({
        topic: `${env.KAFKA_TOPIC_PREFIX}${deadLetterTopic(topic)}`,
        messages: Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: 'not an event' })),
      });
    await send(Topics.proposal, 2);
    await send(Topics.chat, 1);

    const after = await eventually(async () => {
      const res = await deadLetters(exec.token);
      return res.body.data?.total === 3 ? res.body.data : undefined;
    }, 10_000);
    const count = (topic: string) =>
      after.topics.find((t: { topic: string }) => t.topic === topic)?.deadLettered;
    expect(count(Topics.proposal)).toBe(2);
    expect(count(Topics.chat)).toBe(1);
    expect(count(Topics.user)).toBe(0);
  });

  it('is for admins with the dashboard permission only', async () => {
    const staff = await newAdmin(admin, 'staff', 'products');
    expect((await deadLetters(staff.token)).status).toBe(403);
    const allowed = await newAdmin(admin, 'staff', 'dashboard');
    expect((await deadLetters(allowed.token)).status).toBe(200);
  });
});
