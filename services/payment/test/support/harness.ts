import { Topics } from '@swapbooth/contracts';
import { createHmac, randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { eventually, signTestToken, Api, type Loose, EventTap } from '@swapbooth/test-kit';
import { loadPaymentConfig, type PaymentConfig } from '../../src/config';
import type { PaymentDeps } from '../../src/deps';
import { startPaymentService } from '../../src/service';

export const WEBHOOK_SECRET = 'whsec_test_payment_component';

export interface Member {
  id: string;
  token: string;
  email: string;
}

/** A new member with a signed access token (ids are unique per call). */
export function newMember(): Member {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id), email: `${id}@example.test` };
}

/** A Stripe-Signature header for a payload, signed with a secret at a time (seconds). */
export function signature(
  payload: string,
  secret = WEBHOOK_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface Harness {
  api: Api;
  tap: EventTap;
  config: Readonly<PaymentConfig>;
  deps: PaymentDeps;
  url: string;
  /** Publishes user.registered and waits until the member has a customer. */
  register(m: Member): Promise<string>;
  /** The member's own payment data (what GET /api/profile shows as stripe_data). */
  stripeData(m: Member): Promise<Loose>;
  /** Posts a raw webhook payload with a signature header (or none). */
  webhook(payload: string, sig?: string): Promise<{ status: number; body: Loose }>;
  stop(): Promise<void>;
}

/**
 * Starts payment in this process against the real servers, with its own database and topics.
 * Without STRIPE_SECRET_KEY in `env` it runs the sandbox provider (PAYMENT_SANDBOX); with it,
 * Stripe's API at STRIPE_API_BASE (stripe-mock).
 */
export async function startPayment(env: Record<string, string | undefined> = {}): Promise<Harness> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  const config = loadPaymentConfig({
    ...base,
    STRIPE_SECRET_KEY: undefined,
    PAYMENT_SANDBOX: 'true',
    MONGO_URL: base.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    KAFKA_PARTITIONS: '1',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    APP_URL: 'http://app.test',
    LOG_LEVEL: process.env.PAYMENT_TEST_LOG_LEVEL ?? 'error',
    ...env,
  });
  const service = await startWithRetry(config);
  const tap = new EventTap(config.KAFKA_BROKERS, config.KAFKA_TOPIC_PREFIX, [
    Topics.subscription,
    Topics.identity,
  ]);
  await tap.start();
  const api = new Api(service.url);
  return {
    api,
    tap,
    config,
    deps: service.deps,
    url: service.url,
    async register(m) {
      await tap.publish('user.registered', m.id, {
        userId: m.id,
        email: m.email,
        authMethod: 'email',
      });
      // Read from the service's own store: the member's GET would create a missing customer itself.
      return eventually(async () => (await service.deps.payments.account(m.id))?.customerId, 20000);
    },
    async stripeData(m) {
      const r = await api.get(`/api/user-stripe-data/${m.id}`, m.token);
      return r.body.data;
    },
    async webhook(payload, sig) {
      const res = await fetch(`${service.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(sig ? { 'stripe-signature': sig } : {}),
        },
        body: payload,
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Loose) : undefined };
    },
    stop: async () => {
      await tap.stop();
      await service.stop();
      await cleanUp(config);
    },
  };
}

async function startWithRetry(config: Readonly<PaymentConfig>, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await startPaymentService(config, { port: 0, relay: { pollIntervalMs: 200 } });
    } catch (err) {
      if (i >= attempts || (err as Error).name !== 'KafkaJSProtocolError') throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

async function cleanUp(config: Readonly<PaymentConfig>): Promise<void> {
  const conn = await mongoose
    .createConnection(config.MONGO_URL, { dbName: `${config.MONGO_DB_PREFIX}payment` })
    .asPromise();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
  const kafka = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(config.KAFKA_TOPIC_PREFIX));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
}
