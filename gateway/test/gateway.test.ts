import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import jwt from 'jsonwebtoken';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import { eventually, signTestToken } from '@swapbooth/test-kit';
import { buildGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import type { ServiceName } from '../src/route-table';

/**
 * The per-address limits count in fixed windows that start at multiples of their length since the
 * epoch: a case that makes a few calls against one starts with at least 10 s of it left, so its
 * calls cannot straddle two windows.
 */
const wellInsideWindow = (seconds: number) =>
  eventually(() => seconds * 1000 - (Date.now() % (seconds * 1000)) > 10_000, 15_000, 100);

/**
 * The gateway against real Redis, in front of small HTTP servers that stand in for the services
 * and echo what reached them (which service, path, headers).
 */
const services: ServiceName[] = [
  'auth',
  'catalog',
  'search',
  'exchange',
  'chat',
  'notification',
  'payment',
  'admin',
];
const backends = new Map<ServiceName, Server>();
let gateway: RunningServer;
let base: string;
const redis = createRedis(
  process.env.REDIS_URL!,
  `${process.env.REDIS_KEY_PREFIX}gw:${Date.now()}:`,
  createLogger('test', 'silent'),
);

function echoServer(name: ServiceName): Promise<Server> {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/chat/slow')) return; // never answers: the gateway must time out
    if (req.url?.startsWith('/api/chat/dies')) {
      // Reads the whole call, then its process dies before answering.
      req.resume();
      req.on('end', () => req.socket.destroy());
      return;
    }
    if (req.url?.startsWith('/api/stream') && req.headers.accept === 'text/event-stream') {
      // Server-Sent Events: one event now, the next one much later; the first must arrive at once.
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: first\n\n');
      const t = setTimeout(() => res.end('data: second\n\n'), 3000);
      res.on('close', () => clearTimeout(t));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.statusCode = req.url?.endsWith('?created=1') ? 201 : 200;
      const body = Buffer.concat(chunks).toString('utf8');
      // ?pad=N makes the answer N characters longer, like a page of search results.
      const pad = Number(/[?&]pad=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      res.end(
        JSON.stringify({
          service: name,
          path: req.url,
          headers: req.headers,
          body,
          ...(pad ? { pad: 'listing '.repeat(pad / 8) } : {}),
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

/**
 * Gateway settings pointing every service at its echo server. The tests stand in for one ingress
 * in front of the gateway (TRUST_PROXY=1), so X-Forwarded-For gives each call its address.
 */
function configWith(settings: Record<string, string>) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    TRUST_PROXY: '1',
    ...settings,
  };
  for (const name of services) env[`${name.toUpperCase()}_URL`] = urlOf(backends.get(name)!);
  return loadGatewayConfig(env);
}

beforeAll(async () => {
  for (const name of services) backends.set(name, await echoServer(name));
  const config = configWith({
    RATE_LIMIT_SENSITIVE_PER_WINDOW: '5',
    RATE_LIMIT_WINDOW_SECONDS: '2',
    PROXY_TIMEOUT_MS: '500',
  });
  const logger = createLogger('gateway', 'silent');
  const app = buildGateway({ config, logger, redis, publicKey: readPublicKey(config) });
  gateway = await serve({
    app,
    port: 0,
    host: '127.0.0.1',
    logger,
    onStop: [() => app.closeClients()],
  });
  base = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await gateway.stop();
  for (const s of backends.values()) s.close();
  redis.disconnect();
});

const member = () => signTestToken(`user-${Math.random().toString(36).slice(2)}`);
const call = (path: string, init: RequestInit = {}, token?: string) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.headers as Record<string, string>),
    },
  });

describe('routing', () => {
  // Every SPEC §7 call, with the service that owns it (ARCHITECTURE §2).
  const walk: Array<[string, string, ServiceName]> = [
    ['POST', '/api/auth/register', 'auth'],
    ['POST', '/api/auth/login', 'auth'],
    ['POST', '/api/auth/verify-otp', 'auth'],
    ['POST', '/api/auth/forgot-password', 'auth'],
    ['POST', '/api/auth/reset-password', 'auth'],
    ['PUT', '/api/auth/change-password', 'auth'],
    ['GET', '/api/auth/user-data', 'auth'],
    ['POST', '/api/otp/send-otp', 'auth'],
    ['GET', '/api/profile', 'auth'],
    ['POST', '/api/profile', 'auth'],
    ['PUT', '/api/profile', 'auth'],
    ['GET', '/api/user/email/a@b.co', 'auth'],
    ['GET', '/api/addresses', 'auth'],
    ['GET', '/api/address/a1', 'auth'],
    ['GET', '/api/default-address/u1', 'auth'],
    ['POST', '/api/addresses', 'auth'],
    ['PUT', '/api/addresses/a1', 'auth'],
    ['PUT', '/api/addresses/default/a1', 'auth'],
    ['DELETE', '/api/address/a1', 'auth'],
    ['POST', '/api/images/upload-url', 'catalog'],
    ['POST', '/api/product', 'catalog'],
    ['GET', '/api/product/published', 'catalog'],
    ['GET', '/api/product/p1', 'catalog'],
    ['GET', '/api/product/slug/red-bike', 'catalog'],
    ['GET', '/api/product/published-by-user/u1', 'catalog'],
    ['GET', '/api/product/count/user/u1', 'catalog'],
    ['GET', '/api/profile/user/u1/products', 'catalog'],
    ['GET', '/api/product/booth/alice', 'catalog'],
    ['PUT', '/api/product/p1', 'catalog'],
    ['GET', '/api/product/u1/liked', 'catalog'],
    ['POST', '/api/product/p1/like/u1', 'catalog'],
    ['DELETE', '/api/product/p1/unlike/u1', 'catalog'],
    ['POST', '/api/product/p1/add-to-bag/u1', 'catalog'],
    ['DELETE', '/api/product/u1/remove-to-bag/p1', 'catalog'],
    ['GET', '/api/product/u1/bag', 'catalog'],
    ['GET', '/api/products/p1/bag-count', 'catalog'],
    ['GET', '/api/search?query=bike', 'search'],
    ['GET', '/api/categories', 'catalog'],
    ['POST', '/api/exchange/proposal', 'exchange'],
    ['GET', '/api/exchange/proposal/product/p1', 'exchange'],
    ['GET', '/api/exchange/user/u1/proposals', 'exchange'],
    ['GET', '/api/exchange/proposal/x1', 'exchange'],
    ['PUT', '/api/exchange/proposal/x1/status', 'exchange'],
    ['POST', '/api/exchange/proposal/x1/counter', 'exchange'],
    ['GET', '/api/exchange/user/u1/stats', 'exchange'],
    ['PUT', '/api/exchange/proposal/x1/shipping-status', 'exchange'],
    ['POST', '/api/exchange/proposal/x1/confirm', 'exchange'],
    ['POST', '/api/exchange/proposal/x1/extend', 'exchange'],
    ['GET', '/api/notifications/user/u1', 'notification'],
    ['PUT', '/api/notifications/n1/read', 'notification'],
    ['POST', '/api/notifications/create', 'notification'],
    ['POST', '/api/trade-notifications/exchange-received', 'notification'],
    ['POST', '/api/trade-notifications/exchange-accepted', 'notification'],
    ['POST', '/api/trade-notifications/exchange-completed', 'notification'],
    ['POST', '/api/trade-notifications/subscription', 'notification'],
    ['GET', '/api/stream', 'notification'],
    ['GET', '/api/stripe/subscriptions/cus_1', 'payment'],
    ['POST', '/api/stripe/subscriptions/cancel', 'payment'],
    ['POST', '/api/stripe/create-checkout-session', 'payment'],
    ['POST', '/api/stripe/create-verification-session', 'payment'],
    ['GET', '/api/stripe/verify-session-status/vs_1', 'payment'],
    ['POST', '/api/stripe/process-verification-success', 'payment'],
    ['GET', '/api/user-stripe-data/u1', 'payment'],
    ['GET', '/api/chat/proposal/x1?userId=u1', 'chat'],
    ['POST', '/api/chat/proposal/x1/message', 'chat'],
    ['GET', '/api/chat/conversations/c1/messages?since=0&userId=u1', 'chat'],
    ['GET', '/api/chat/user/u1/chats', 'chat'],
    ['PUT', '/api/chat/chat/c1/read', 'chat'],
    ['GET', '/api/chat/conversation/c1?userId=u1', 'chat'],
    ['GET', '/api/booth/u1', 'catalog'],
    ['GET', '/api/booth/username/alice', 'catalog'],
    ['POST', '/api/booth', 'catalog'],
    ['PUT', '/api/booth/b1', 'catalog'],
    ['POST', '/api/booth/views/b1', 'catalog'],
    ['GET', '/api/booth/views/b1', 'catalog'],
    ['GET', '/api/booth/check-username/alice', 'catalog'],
    ['GET', '/api/booth/check-name/alice', 'catalog'],
    ['POST', '/api/reports', 'catalog'],
    ['POST', '/api/rating', 'exchange'],
    ['GET', '/api/rating/user/u1', 'exchange'],
    ['GET', '/api/rating/proposal/x1', 'exchange'],
    ['POST', '/api/following/follow', 'auth'],
    ['POST', '/api/following/unfollow', 'auth'],
    ['GET', '/api/following/followers', 'auth'],
    ['GET', '/api/following/followers/u1', 'auth'],
    ['GET', '/api/following/following', 'auth'],
    ['GET', '/api/following/following/u1', 'auth'],
    ['GET', '/api/following/status/u1', 'auth'],
    ['POST', '/api/admin/login', 'admin'],
    ['GET', '/api/admin/health', 'admin'],
  ];

  it.each(walk)('%s %s lands on %s', async (method, path, service) => {
    // Each call from its own address, so the sign-in limit does not interfere with the walk.
    const headers = {
      'x-forwarded-for': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    };
    const init =
      method === 'GET'
        ? { method, headers }
        : { method, body: '{}', headers: { ...headers, 'content-type': 'application/json' } };
    const res = await call(path, init, member());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { service: string; path: string };
    expect(body.service).toBe(service);
    expect(body.path).toBe(path);
  });

  it('sends admin calls to the admin service only with an admin token', async () => {
    const adminToken = signTestToken('admin-1', { type: 'admin', audience: 'swapbooth-admin' });
    const ok = await call('/api/admin/users', {}, adminToken);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { service: string }).service).toBe('admin');
    const asMember = await call('/api/admin/users', {}, member());
    expect(asMember.status).toBe(401);
  });

  it('refuses an admin token on a member route', async () => {
    const adminToken = signTestToken('admin-1', { type: 'admin', audience: 'swapbooth-admin' });
    const res = await call('/api/profile', {}, adminToken);
    expect(res.status).toBe(401);
    const asMember = await call('/api/profile', {}, member());
    expect(asMember.status).toBe(200);
  });

  it('answers a JSON 404 for an /api path no service owns', async () => {
    const res = await call('/api/nothing-here', {}, member());
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});

describe('tokens', () => {
  const key = readFileSync(process.env.JWT_PRIVATE_KEY_FILE!, 'utf8');
  const pub = readFileSync(process.env.JWT_PUBLIC_KEY_FILE!, 'utf8');
  const claims = {
    sub: 'u1',
    jti: 'j1',
    typ: 'access',
    iss: 'swapbooth-auth',
    aud: 'swapbooth-api',
  };
  const now = () => Math.floor(Date.now() / 1000);
  const unsigned = (payload: object) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;

  const bad: Array<[string, () => string]> = [
    ['alg none', () => unsigned({ ...claims, exp: now() + 600 })],
    [
      'a wrong signature',
      () => {
        const other = jwt.sign(
          { ...claims },
          generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            type: 'pkcs8',
            format: 'pem',
          }),
          { algorithm: 'RS256', expiresIn: 600 },
        );
        return other;
      },
    ],
    [
      'HS256 signed with the public key',
      () => jwt.sign({ ...claims }, pub, { algorithm: 'HS256', expiresIn: 600 }),
    ],
    [
      'an expired token',
      () => jwt.sign({ ...claims, exp: now() - 10 }, key, { algorithm: 'RS256' }),
    ],
    [
      'a wrong audience',
      () =>
        jwt.sign({ ...claims, aud: 'someone-else' }, key, { algorithm: 'RS256', expiresIn: 600 }),
    ],
    ['a missing exp', () => jwt.sign({ ...claims }, key, { algorithm: 'RS256' })],
    [
      'a tampered payload',
      () => {
        const [h, , s] = signTestToken('u1').split('.');
        return `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin', exp: now() + 600 })).toString('base64url')}.${s}`;
      },
    ],
  ];

  it.each(bad)('rejects %s with 401', async (_name, make) => {
    const res = await call('/api/profile', {}, make());
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('rejects a member call without a token with 401 and lets a public call through', async () => {
    expect((await call('/api/profile')).status).toBe(401);
    expect((await call('/api/categories')).status).toBe(200);
    // A member's trade record is public; their proposals are not.
    expect((await call('/api/exchange/user/u1/stats')).status).toBe(200);
    expect((await call('/api/exchange/user/u1/proposals')).status).toBe(401);
  });

  it('rejects a token deny-listed at logout', async () => {
    const token = signTestToken('u-logout', { jti: 'jti-logout-1' });
    expect((await call('/api/profile', {}, token)).status).toBe(200);
    await redis.set('deny:jti:jti-logout-1', '1', 'EX', 60);
    expect((await call('/api/profile', {}, token)).status).toBe(401);
  });
});

describe('identity headers', () => {
  it('never passes client-supplied identity headers to a service, and adds a request id', async () => {
    const res = await call(
      '/api/profile',
      {
        headers: {
          'x-user-id': 'admin',
          'X-Internal-Caller': 'x',
          'x-admin-role': 'admin',
          'x-swapbooth-user': 'u',
        },
      },
      member(),
    );
    const body = (await res.json()) as { headers: Record<string, string> };
    expect(
      Object.keys(body.headers).filter((h) => /^x-(user|internal|admin|swapbooth)/.test(h)),
    ).toEqual([]);
    expect(body.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,}$/);
    expect(res.headers.get('x-request-id')).toBe(body.headers['x-request-id']);
  });

  it('streams a request body to the service and its status and headers back untouched', async () => {
    const payload = JSON.stringify({ title: 'Road bike', description: 'é'.repeat(40_000) });
    const res = await call(
      '/api/product?created=1',
      {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      },
      member(),
    );
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const body = (await res.json()) as { body: string; headers: Record<string, string> };
    expect(body.body).toBe(payload);
    expect(body.headers['content-type']).toBe('application/json');
    // The client's address as the gateway settled it (the trusted ingress's entry), alone.
    expect(body.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(body.headers['x-forwarded-host']).toBe(new URL(base).host);
  });

  it('carries the caller’s request id to the service', async () => {
    const res = await call('/api/categories', { headers: { 'x-request-id': 'req-abc-12345' } });
    const body = (await res.json()) as { headers: Record<string, string> };
    expect(body.headers['x-request-id']).toBe('req-abc-12345');
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After on sign-in calls past the limit, and lets the next call through after that many seconds', async () => {
    const login = () =>
      call('/api/auth/login', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' },
      });
    // An address no other call uses (the routing walk's calls come from addresses of their own):
    // its window starts with the first of these calls.
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await login();
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(limited).toBeDefined();
    const retryAfter = Number(limited!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(await limited!.json()).toMatchObject({ success: false, code: 'rate_limited' });
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 50));
    expect((await login()).status).toBe(200);
  });

  it('counts sign-in calls in any letter case under the sign-in limit, and sends them to auth', async () => {
    const loginAs = (path: string) =>
      call(path, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.2' },
      });
    // As above, an address of its own: a fresh window.
    const paths = [
      '/api/auth/LOGIN',
      '/API/AUTH/LOGIN',
      '/api/Auth/Login',
      '/api/auth/login',
      '/api/AUTH/login',
      '/api/auth/LOGIN',
    ];
    const answers = [];
    for (const path of paths) answers.push(await loginAs(path));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const reached = (await answers[1]!.json()) as { service: string; path: string };
    expect(reached).toMatchObject({ service: 'auth', path: '/API/AUTH/LOGIN' });
  });

  it('counts a client that writes its own X-Forwarded-For under the address it calls from', async () => {
    // No proxy in front (the default): the peer is the client, whatever the header says.
    const config = configWith({
      TRUST_PROXY: '',
      RATE_LIMIT_IP_PER_WINDOW: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    const logger = createLogger('gateway', 'silent');
    const own = createRedis(
      process.env.REDIS_URL!,
      `${process.env.REDIS_KEY_PREFIX}gw-xff:${Date.now()}:`,
      logger,
    );
    const app = buildGateway({ config, logger, redis: own, publicKey: readPublicKey(config) });
    const server = await serve({ app, port: 0, host: '127.0.0.1', logger });
    try {
      await wellInsideWindow(60);
      const statuses: number[] = [];
      let seen: string | undefined;
      for (let i = 1; i <= 5; i++) {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/categories`, {
          headers: { 'x-forwarded-for': `10.7.0.${i}, 192.168.0.${i}` },
        });
        statuses.push(res.status);
        if (res.ok)
          seen = ((await res.json()) as { headers: Record<string, string> }).headers[
            'x-forwarded-for'
          ];
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // The service is told the real peer, not the client's chain.
      expect(seen).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    } finally {
      await server.stop();
      await app.closeClients();
      own.disconnect();
    }
  });

  it('answers 429 with Retry-After to an address past its per-IP limit, counted across gateways in Redis', async () => {
    // Two gateways on the same Redis, each allowing 4 calls per address per window.
    const config = configWith({
      RATE_LIMIT_IP_PER_WINDOW: '4',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      // No sync on the timer during the test: the test syncs each gateway when it means to.
      RATE_LIMIT_SYNC_MS: '60000',
    });
    const logger = createLogger('gateway', 'silent');
    const shared = createRedis(
      process.env.REDIS_URL!,
      `${process.env.REDIS_KEY_PREFIX}gw-ip:${Date.now()}:`,
      logger,
    );
    const start = async () => {
      const app = buildGateway({ config, logger, redis: shared, publicKey: readPublicKey(config) });
      const server = await serve({ app, port: 0, host: '127.0.0.1', logger });
      return { app, server, url: `http://127.0.0.1:${server.port}` };
    };
    const [one, two] = [await start(), await start()];
    try {
      const from = (url: string, ip: string) =>
        fetch(`${url}/api/categories`, { headers: { 'x-forwarded-for': ip } });
      await wellInsideWindow(60);
      const first = [];
      for (let i = 0; i < 3; i++) first.push((await from(one.url, '10.9.0.1')).status);
      expect(first).toEqual([200, 200, 200]);
      expect((await from(two.url, '10.9.0.1')).status).toBe(200);
      // Once both gateways' counts have met in Redis (each sends its own and reads the total),
      // both refuse the fifth.
      await one.app.syncLimits();
      await two.app.syncLimits();
      await one.app.syncLimits();
      expect((await from(one.url, '10.9.0.1')).status).toBe(429);
      const refused = await from(two.url, '10.9.0.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toMatchObject({ success: false, code: 'rate_limited' });
      // Another address is not affected.
      expect((await from(two.url, '10.9.0.2')).status).toBe(200);
    } finally {
      await Promise.all([one, two].map((g) => g.server.stop().then(() => g.app.closeClients())));
      shared.disconnect();
    }
  });
});

describe('event streams', () => {
  it('passes Server-Sent Events through without buffering', async () => {
    const started = Date.now();
    const ac = new AbortController();
    const res = await call(
      '/api/stream',
      { signal: ac.signal, headers: { accept: 'text/event-stream' } },
      member(),
    );
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('data: first');
    // The backend ends the stream after 3 s: the first event must not wait for it.
    expect(Date.now() - started).toBeLessThan(2000);
    ac.abort();
  });
});

describe('compression', () => {
  /** A GET that shows the bytes as sent (fetch would undo the compression), up to `until`. */
  const raw = (
    path: string,
    headers: Record<string, string>,
    until: (body: Buffer) => boolean = () => false,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; ms: number }> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const req = http.get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        const done = () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: Date.now() - started,
          });
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          if (until(Buffer.concat(chunks))) {
            done();
            req.destroy();
          }
        });
        res.on('end', done);
      });
      req.on('error', reject);
    });
  const auth = () => ({ authorization: `Bearer ${member()}` });
  const bigSearch = '/api/search?query=bike&pad=20000';

  it('compresses a JSON answer with brotli or gzip, as the client asks', async () => {
    const br = await raw(bigSearch, { ...auth(), 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(2000);
    const answer = JSON.parse(brotliDecompressSync(br.body).toString()) as Record<string, string>;
    expect(answer.service).toBe('search');
    expect(answer.pad).toHaveLength(20000);
    // What the client asked for still reaches the service unchanged.
    expect(answer.headers).toMatchObject({ 'accept-encoding': 'gzip, deflate, br, zstd' });

    const gz = await raw(bigSearch, { ...auth(), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toMatchObject({ service: 'search' });
  });

  it('keeps the gateway’s own Vary names beside Accept-Encoding', async () => {
    const res = await raw(bigSearch, {
      ...auth(),
      origin: 'http://localhost:5173',
      'accept-encoding': 'br',
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['vary']).toMatch(/origin/i);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('sends the answer as it is to a client that takes no compression, and a small one always', async () => {
    const plain = await raw(bigSearch, auth());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(plain.body.toString())).toMatchObject({ service: 'search' });

    const refused = await raw(bigSearch, { ...auth(), 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const small = await raw('/api/categories', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ service: 'catalog' });
  });

  it('never compresses an event stream, so each event arrives the moment it is sent', async () => {
    const res = await raw(
      '/api/stream',
      { ...auth(), accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
      (body) => body.toString().includes('data: first'),
    );
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('data: first');
    // The backend sends the second event after 3 s: the first must not wait for it.
    expect(res.ms).toBeLessThan(2000);
  });
});

describe('services that are down or slow', () => {
  it('answers a JSON 504 when a service does not answer in time', async () => {
    const res = await call('/api/chat/slow', {}, member());
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ success: false, code: 'unavailable' });
  });

  it('answers a JSON 502 when a service is stopped', async () => {
    const payment = backends.get('payment')!;
    await new Promise((r) => payment.close(r));
    const res = await call('/api/user-stripe-data/u1', {}, member());
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ success: false, code: 'unavailable' });
  });

  it('answers a JSON 502 to a call with a body whose service dies before answering', async () => {
    const res = await call(
      '/api/chat/dies',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hello' }),
        signal: AbortSignal.timeout(5000),
      },
      member(),
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      success: false,
      code: 'unavailable',
      message: 'The chat service is unavailable right now',
    });
  });

  it('answers a JSON 502 to a call with a body when its service is stopped', async () => {
    // Payment was stopped by the test before.
    const res = await call(
      '/api/user-stripe-data/u1',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'monthly' }),
        signal: AbortSignal.timeout(5000),
      },
      member(),
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ success: false, code: 'unavailable' });
  });
});

describe('the API contract', () => {
  it('serves the OpenAPI document without a token', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/exchange/proposal', '/api/admin/users', '/api/openapi.json']),
    );
  });

  it('serves browsable docs from its own origin, within its content security policy', async () => {
    const page = await call('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    for (const src of [...scripts, '/api/docs/swagger-ui.css']) {
      const asset = await call(src);
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
    }
    expect(await (await call('/api/docs/init.js')).text()).toContain("url: '/api/openapi.json'");
  });
});
