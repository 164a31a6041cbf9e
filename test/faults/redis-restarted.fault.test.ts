import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import {
  disposableRedis,
  eventually,
  signTestToken,
  type DisposableServer,
} from '@swapbooth/test-kit';
import { buildGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { PASSWORD, signUp } from '../../services/auth/test/support/accounts';
import {
  startStack as startAuth,
  type Stack as AuthStack,
} from '../../services/auth/test/support/stack';
import { openStream, type SseStream } from '../realtime/sse-client';
import { startRealtimeStack, type RealtimeStack } from '../realtime/stack';
import { recordScenario, table } from './support/results';
import { scaled } from './support/profile';

/**
 * Fault scenario 5: Redis restarted (killed and started again empty, as without persistence) under
 * auth, two gateways and the realtime stack (chat, notification). A revoked token must stay
 * revoked throughout, the other tokens pass again once auth has written the deny-list back, a
 * member over their rate limit stays limited, and a live stream delivers again.
 */
jest.setTimeout(300_000);

const OUTAGE_MS = scaled(10_000, 3_000);
const RATE_LIMIT = 30;
const SIGN_IN_LIMIT = 4;
// The limits' window. A fixed window starts at a multiple of its length since the epoch, and a
// 600 s one once turned over between "over the limit" and "still over it" in a CI run: a day
// long, and the test starts only with minutes of it left (see below).
const WINDOW_S = 24 * 3600;
const windowLeftMs = () => WINDOW_S * 1000 - (Date.now() % (WINDOW_S * 1000));
const run = process.env.FAULTS_RUN ?? 'faults';
const tag = randomBytes(3).toString('hex');
process.env.MONGO_DB_PREFIX = `${run}_r5${tag}_`;
process.env.KAFKA_TOPIC_PREFIX = `${run}.r5${tag}.`;
const prefix = `${run}:r5${tag}:`;

let redis: DisposableServer;
let auth: AuthStack;
let realtime: RealtimeStack;
const gateways: RunningServer[] = [];
const clients: Array<ReturnType<typeof createRedis>> = [];
const figures: Array<[string, string]> = [];

/** A gateway on the private Redis, in front of auth, with the given per-IP limit. */
async function gateway(perIp: number, sensitive = 1000): Promise<string> {
  const config = loadGatewayConfig({
    ...process.env,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    AUTH_URL: auth.url,
    RATE_LIMIT_IP_PER_WINDOW: String(perIp),
    RATE_LIMIT_USER_PER_WINDOW: '1000000',
    RATE_LIMIT_SENSITIVE_PER_WINDOW: String(sensitive),
    RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_S),
    RATE_LIMIT_SYNC_MS: '100',
  });
  const logger = createLogger('gateway', 'silent');
  const client = createRedis(redis.url, prefix, logger);
  clients.push(client);
  const app = buildGateway({ config, logger, redis: client, publicKey: readPublicKey(config) });
  const server = await serve({
    app,
    port: 0,
    host: '127.0.0.1',
    logger,
    shutdownTimeoutMs: 1000,
    onStop: [() => app.closeClients()],
  });
  gateways.push(server);
  return `http://127.0.0.1:${server.port}`;
}

const userData = (base: string, token: string) =>
  request(base).get('/api/auth/user-data').set('Authorization', `Bearer ${token}`);

beforeAll(async () => {
  redis = await disposableRedis();
  await redis.start();
  auth = await startAuth({
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    REVOCATION_CHECK_MS: '250',
  });
  realtime = await startRealtimeStack(1, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix });
});

afterAll(async () => {
  for (const g of gateways) await g.stop();
  for (const c of clients) c.disconnect();
  await realtime?.stop();
  await auth?.stop();
  await redis?.stop();
});

/** A proposal's conversation between two members, opened through the bus as exchange opens it. */
async function conversation() {
  const [sender, receiver] = [
    `u${randomBytes(6).toString('hex')}`,
    `u${randomBytes(6).toString('hex')}`,
  ];
  const id = `p${randomBytes(6).toString('hex')}`;
  await realtime.publish('proposal.created', id, {
    proposalId: id,
    senderId: sender,
    receiverId: receiver,
    productIds: ['r1'],
    offeredProductIds: ['s1'],
    actorId: sender,
  });
  const senderToken = signTestToken(sender);
  const receiverToken = signTestToken(receiver);
  const say = (content: string) =>
    fetch(`${realtime.gateways[0]}/api/chat/proposal/${id}/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${senderToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content }),
    });
  // Accepted, so its receiver reads the conversation without a subscription (a pending proposal's
  // receiver without one is sent no messages).
  await realtime.publish('proposal.accepted', id, {
    proposalId: id,
    senderId: sender,
    receiverId: receiver,
    productIds: ['r1'],
    offeredProductIds: ['s1'],
    actorId: receiver,
  });
  await eventually(async () => {
    const res = await fetch(`${realtime.gateways[0]}/api/chat/proposal/${id}`, {
      headers: { Authorization: `Bearer ${receiverToken}` },
    });
    if (res.status !== 200) return false;
    const body = (await res.json()) as { data?: { conversation?: { details_locked?: boolean } } };
    return body.data?.conversation?.details_locked === false;
  }, 30_000);
  return { say, receiverToken };
}

test(`with Redis restarted empty after a ${OUTAGE_MS / 1000} s outage, a revoked token stays revoked, limits hold and live streams deliver again`, async () => {
  // Near the day's end (UTC), wait for the next window: the run must not straddle two.
  await eventually(() => windowLeftMs() > 3 * 60_000, 4 * 60_000, 1_000);
  const api = await gateway(1_000_000, SIGN_IN_LIMIT);
  const limited = await gateway(RATE_LIMIT);
  // Members: one logs out (their access token is revoked), one stays signed in.
  const revoked = await signUp(auth.url);
  const valid = await signUp(auth.url);
  const out = await request(auth.url)
    .post('/api/auth/logout')
    .set('Authorization', `Bearer ${revoked.token}`)
    .set('Cookie', revoked.cookie);
  expect(out.status).toBe(200);
  expect((await userData(api, revoked.token)).status).toBe(401);
  expect((await userData(api, valid.token)).status).toBe(200);
  // A member (one address) goes over their limit on the second gateway.
  let calls = 0;
  await eventually(
    async () => {
      calls++;
      return (await userData(limited, valid.token)).status === 429;
    },
    30_000,
    0,
  );
  // (Both gateways count the address together through Redis: the first one's calls count too.)
  expect(calls).toBeLessThanOrEqual(RATE_LIMIT + 1);
  // A live stream delivers a chat message.
  const chat = await conversation();
  let stream: SseStream = await openStream(
    `${realtime.gateways[0]}/api/stream`,
    chat.receiverToken,
  );
  expect(stream.status).toBe(200);
  await stream.waitFor((e) => e.event === 'ready');
  expect((await chat.say('before the restart')).status).toBe(201);
  await stream.waitFor((e) => e.event === 'chat.message' && e.data.includes('before the restart'));

  // Redis goes away; calls meanwhile.
  const statuses = { revoked: [] as number[], valid: [] as number[] };
  const probe = async () => {
    const [r, v] = await Promise.all([userData(api, revoked.token), userData(api, valid.token)]);
    statuses.revoked.push(r.status);
    statuses.valid.push(v.status);
    return { r, v };
  };
  await redis.stop();
  const downAt = Date.now();
  const during: number[] = [];
  while (Date.now() - downAt < OUTAGE_MS) {
    const { v } = await probe();
    during.push(v.status);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Sign-in attempts while Redis is away: limited on the gateway's own count, answered at once.
  const signIns: Array<{ status: number; ms: number }> = [];
  for (let i = 0; i < SIGN_IN_LIMIT + 3; i++) {
    const t = Date.now();
    const res = await request(api)
      .post('/api/auth/login')
      .send({ email: valid.email, password: 'not-the-password' });
    signIns.push({ status: res.status, ms: Date.now() - t });
  }
  await redis.start();
  const upAt = Date.now();

  // Back: the valid token passes again once auth has written the deny-list back; the revoked
  // token never passes, before or after.
  await eventually(
    async () => {
      const { r, v } = await probe();
      return v.status === 200 && r.status === 401;
    },
    60_000,
    100,
  );
  const restoredMs = Date.now() - upAt;
  expect(statuses.revoked.filter((s) => s !== 401 && s !== 503)).toEqual([]);
  expect(during.filter((s) => s !== 503)).toEqual([]);
  const overLimit = signIns.slice(SIGN_IN_LIMIT);
  expect(overLimit.map((a) => a.status)).toEqual(overLimit.map(() => 429));
  expect(Math.max(...overLimit.map((a) => a.ms))).toBeLessThan(500);
  expect(signIns.slice(0, SIGN_IN_LIMIT).filter((a) => a.status === 200)).toEqual([]);
  // Over the limit before, still over it after (the gateway kept its own counts).
  const afterLimit = await userData(limited, valid.token);
  expect(afterLimit.status).toBe(429);
  expect(Number(afterLimit.headers['retry-after'])).toBeGreaterThan(0);

  // The live stream delivers again: on the open stream, or on one opened again with
  // Last-Event-ID as the browser's EventSource would.
  let deliveredMs = 0;
  let reopened = 0;
  await eventually(
    async () => {
      const said = await chat.say(`after the restart ${Date.now()}`);
      if (said.status !== 201) return false;
      try {
        await stream.waitFor(
          (e) => e.event === 'chat.message' && e.data.includes('after the restart'),
          3000,
        );
        deliveredMs = Date.now() - upAt;
        return true;
      } catch {
        const last = [...stream.events].reverse().find((e) => e.id)?.id;
        stream.close();
        stream = await openStream(`${realtime.gateways[0]}/api/stream`, chat.receiverToken, last);
        reopened++;
        return false;
      }
    },
    60_000,
    200,
  );
  stream.close();
  // A new sign-in works on the empty Redis.
  const again = await request(auth.url)
    .post('/api/auth/login')
    .send({ email: valid.email, password: PASSWORD });
  expect(again.status).toBe(200);
  expect((await userData(api, again.body.data.token)).status).toBe(200);

  const count = (list: number[]) =>
    Object.entries(
      list.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
    )
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
  figures.push(
    ['Redis down (killed, started again empty)', `${OUTAGE_MS / 1000} s`],
    ['revoked token: answers over the whole run', `${count(statuses.revoked)} (**0 × 200**)`],
    ['valid token while Redis was down', count(during)],
    ['Redis back → deny-list written back, valid token passes again', `${restoredMs} ms`],
    [
      `member over the per-address limit (${RATE_LIMIT}) before the restart`,
      `still 429 after (Retry-After ${afterLimit.headers['retry-after']} s)`,
    ],
    [
      `sign-in attempts while Redis was down (limit ${SIGN_IN_LIMIT})`,
      `${count(signIns.map((a) => a.status))}; over the limit answered 429 within ${Math.max(...overLimit.map((a) => a.ms))} ms`,
    ],
    [
      'Redis back → chat message delivered live',
      `${deliveredMs} ms (${reopened ? `stream reopened ${reopened}×` : 'same stream'})`,
    ],
  );
});

afterAll(() => {
  if (figures.length === 0) return;
  recordScenario(
    5,
    'Redis restarted',
    [
      'A Redis of its own (no persistence) under auth, two gateways and chat + notification (in process); killed and started again empty. ' +
        'Design: auth records each revocation in its database before Redis and writes the live ones back when the `deny:complete` marker is missing (checked every 250 ms here, 1 s by default); ' +
        'token checks that have seen the marker answer 503 until it is back, so a revoked token never passes. Broad rate limits are counted in each gateway and synced to Redis, ' +
        'so a restart keeps them (fail-closed on the gateway’s own counts); the exact sign-in limit falls back to an in-memory limit per gateway while Redis is away.',
      '',
      table(['measure', 'value'], figures),
    ].join('\n'),
  );
});
