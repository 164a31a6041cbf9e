import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import type { Consumer, Kafka, Producer } from 'kafkajs';
import { createEvent, Topics } from '@swapbooth/contracts';
import { topicName } from '@swapbooth/event-bus';

/**
 * How soon an event reaches its consumer on a stack that was idle: each probe is sent after the
 * consumers have been waiting for a while, so a consumer that sleeps too deeply shows here.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ProbeTimes {
  /** Synthetic e-mail request put on Kafka → the notification service has handled it. */
  consumer: number[];
  /** Sign-up answered → its code request is on Kafka (the auth outbox relay). */
  relay: number[];
  /** Sign-up answered → the notification service has handled the code request. */
  signUp: number[];
  misses: number;
}

export interface ProbeSettings {
  kafka: Kafka;
  topicPrefix: string;
  mongoUrl: string;
  dbPrefix: string;
  gateway: string;
  samples: number;
  /** Quiet time before each probe, so consumers are in their idle wait. */
  gapMs: number;
  timeoutMs: number;
}

const address = () => `idle-bench-${randomBytes(5).toString('hex')}@example.test`;

/** Milliseconds (performance.now clock) when `notification` recorded the event as handled. */
async function handledAt(
  processed: ReturnType<Connection['collection']>,
  eventId: string,
  deadline: number,
): Promise<number | undefined> {
  while (performance.now() < deadline) {
    if (await processed.findOne({ _id: `notification:${eventId}` as never })) {
      return performance.now();
    }
    await sleep(5);
  }
  return undefined;
}

export async function measureProbes(s: ProbeSettings): Promise<ProbeTimes> {
  const out: ProbeTimes = { consumer: [], relay: [], signUp: [], misses: 0 };
  const conn = await mongoose
    .createConnection(s.mongoUrl, { dbName: `${s.dbPrefix}notification` })
    .asPromise();
  const processed = conn.collection('processed_events');
  const topic = topicName({ prefix: s.topicPrefix }, Topics.authEmail);
  const producer: Producer = s.kafka.producer();
  await producer.connect();

  // Sees the code requests the auth relay publishes, to time the relay apart from the consumer.
  const onKafka = new Map<string, { at: number; id: string }>();
  const tap: Consumer = s.kafka.consumer({
    groupId: `bench-idle-tap-${randomBytes(4).toString('hex')}`,
    maxWaitTimeInMs: 50,
  });
  let fetched = false;
  tap.on(tap.events.FETCH, () => {
    fetched = true;
  });
  await tap.connect();
  await tap.subscribe({ topic, fromBeginning: false });
  await tap.run({
    eachMessage: async ({ message }) => {
      const at = performance.now();
      const env = JSON.parse(message.value?.toString() ?? '{}') as {
        id?: string;
        data?: { email?: string };
      };
      if (env.id && env.data?.email) onKafka.set(env.data.email, { at, id: env.id });
    },
  });
  for (let i = 0; !fetched && i < 600; i++) await sleep(50);

  try {
    for (let i = 0; i < s.samples; i++) {
      await sleep(s.gapMs);
      // The consumer alone: an e-mail request sent straight to Kafka.
      const email = address();
      const event = createEvent(
        'auth.otp-requested',
        {
          userId: `idle-bench-${i}`,
          email,
          otp: '000000',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        },
        { producer: 'bench', subject: `idle-bench-${i}` },
      );
      const t0 = performance.now();
      await producer.send({
        topic,
        messages: [{ key: event.subject, value: JSON.stringify(event) }],
      });
      const done = await handledAt(processed, event.id, t0 + s.timeoutMs);
      if (done === undefined) out.misses++;
      else out.consumer.push(done - t0);

      await sleep(s.gapMs);
      // A sign-up through the gateway: auth's outbox relay, Kafka, then the same consumer.
      const member = address();
      const res = await fetch(`${s.gateway}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: member,
          password: `idle-bench-${randomBytes(6).toString('hex')}`,
          authMethod: 'email',
        }),
      });
      const t1 = performance.now();
      if (res.status !== 201)
        throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
      const deadline = t1 + s.timeoutMs;
      while (!onKafka.has(member) && performance.now() < deadline) await sleep(2);
      const seen = onKafka.get(member);
      const handled = seen ? await handledAt(processed, seen.id, deadline) : undefined;
      if (!seen || handled === undefined) {
        out.misses++;
        continue;
      }
      out.relay.push(Math.max(0, seen.at - t1));
      out.signUp.push(handled - t1);
    }
  } finally {
    await tap.disconnect().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
    await conn.close().catch(() => undefined);
  }
  return out;
}
