import request from 'supertest';
import { createApp } from './app';
import { loadConfig, baseConfigSchema } from './config';
import { createLogger } from './logger';

/** An app that answers the caller's address as it sees it. */
const appTrusting = (trustProxy?: number | string[]) =>
  createApp({
    service: 'test',
    logger: createLogger('test', 'silent'),
    ...(trustProxy === undefined ? {} : { trustProxy }),
    routes: (app) => app.get('/ip', (req, res) => res.json({ ip: req.ip })),
  });

const ipSeenBy = async (app: ReturnType<typeof appTrusting>, forwardedFor?: string) => {
  const call = request(app).get('/ip');
  if (forwardedFor) void call.set('X-Forwarded-For', forwardedFor);
  return ((await call).body as { ip: string }).ip.replace(/^::ffff:/, '');
};

describe('the caller address behind proxies', () => {
  it('believes no X-Forwarded-For unless told how many proxies stand in front', async () => {
    const app = appTrusting();
    expect(await ipSeenBy(app, '10.0.0.7')).toBe('127.0.0.1');
    expect(await ipSeenBy(app, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('takes the address the trusted hop saw, not one a client wrote before it', async () => {
    // One proxy in front: it appended the address it saw; anything to its left is the client's word.
    const app = appTrusting(1);
    expect(await ipSeenBy(app, '10.0.0.7, 10.0.0.8')).toBe('10.0.0.8');
    expect(await ipSeenBy(app, '192.168.1.1, 172.16.0.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeenBy(app)).toBe('127.0.0.1');
  });

  it('trusts a configured ingress range only', async () => {
    const app = appTrusting(['127.0.0.1/8', '::1/128']);
    // The peer (loopback) is the ingress; the next hop to the left is a private client, not trusted.
    expect(await ipSeenBy(app, '10.0.0.7, 10.0.0.8')).toBe('10.0.0.8');
  });
});

describe('TRUST_PROXY', () => {
  const load = (TRUST_PROXY?: string) =>
    loadConfig(baseConfigSchema, TRUST_PROXY === undefined ? {} : { TRUST_PROXY }).TRUST_PROXY;

  it('is a number of hops or a list of addresses and ranges', () => {
    expect(load()).toBe(1);
    expect(load('0')).toBe(0);
    expect(load('2')).toBe(2);
    expect(load('10.0.0.0/8, 192.168.4.1,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.4.1',
      'fd00::/8',
    ]);
  });

  it('names itself when it is neither', () => {
    expect(() => load('everything')).toThrow(/TRUST_PROXY/);
    expect(() => load('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => load('-1')).toThrow(/TRUST_PROXY/);
  });
});
