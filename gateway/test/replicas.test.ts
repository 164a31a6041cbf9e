import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import { signTestToken } from '@swapbooth/test-kit';
import { buildGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

/**
 * A service with several replicas behind the gateway (its URL setting lists them): calls go to
 * each in turn, and a replica that refuses connections is skipped, a call with a body included.
 * The replicas are small HTTP servers that answer with their own name and the body they read.
 */
const redis = createRedis(
  process.env.REDIS_URL!,
  `${process.env.REDIS_KEY_PREFIX}gw-replicas:${Date.now()}:`,
  createLogger('test', 'silent'),
);
const servers: Server[] = [];
const gateways: RunningServer[] = [];

function replica(name: string): Promise<Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ replica: name, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

/** A port nothing listens on (a stopped replica). */
async function closedPort(): Promise<string> {
  const s = await replica('gone');
  const url = urlOf(s);
  await new Promise((r) => s.close(r));
  return url;
}

async function gatewayTo(exchangeUrl: string): Promise<string> {
  const config = loadGatewayConfig({ ...process.env, EXCHANGE_URL: exchangeUrl });
  const logger = createLogger('gateway', 'silent');
  const app = buildGateway({ config, logger, redis, publicKey: readPublicKey(config) });
  const g = await serve({
    app,
    port: 0,
    host: '127.0.0.1',
    logger,
    onStop: [() => app.closeClients()],
  });
  gateways.push(g);
  return `http://127.0.0.1:${g.port}`;
}

afterAll(async () => {
  for (const g of gateways) await g.stop();
  for (const s of servers) s.close();
  redis.disconnect();
});

const token = signTestToken('replica-test-member');
const call = async (base: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}/api/exchange/proposal`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as { replica?: string; body?: string } };
};

describe('a service with several replicas behind the gateway', () => {
  it('takes calls in turn (round robin) over the URLs its setting lists', async () => {
    const [a, b, c] = await Promise.all([replica('a'), replica('b'), replica('c')]);
    const base = await gatewayTo(`${urlOf(a)}, ${urlOf(b)},${urlOf(c)}`);
    const seen: string[] = [];
    for (let i = 0; i < 9; i++) seen.push((await call(base)).body.replica!);
    expect(seen.slice(0, 3).sort()).toEqual(['a', 'b', 'c']);
    expect(seen.filter((r) => r === 'a')).toHaveLength(3);
    expect(seen.filter((r) => r === 'b')).toHaveLength(3);
  });

  it('skips a replica that refuses connections, sending calls and their bodies to the others', async () => {
    const live = await replica('live');
    const base = await gatewayTo(`${await closedPort()},${urlOf(live)}`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(base, { method: 'POST', body: JSON.stringify({ n: i, text: 'x'.repeat(5000) }) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.every((a) => a.body.replica === 'live')).toBe(true);
    expect(answers.map((a) => JSON.parse(a.body.body!).n)).toEqual(answers.map((_, i) => i));
    const plain = await call(base);
    expect(plain).toMatchObject({ status: 200, body: { replica: 'live' } });
  });

  it('answers a JSON 502 when every replica refuses, as with one replica', async () => {
    const base = await gatewayTo(`${await closedPort()},${await closedPort()}`);
    const res = await call(base, { method: 'POST', body: '{}' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, code: 'unavailable' });
  });

  it('refuses a URL setting with something that is not a URL in its list', () => {
    expect(() =>
      loadGatewayConfig({ ...process.env, EXCHANGE_URL: 'http://127.0.0.1:4004,nonsense' }),
    ).toThrow(/EXCHANGE_URL/);
  });
});
