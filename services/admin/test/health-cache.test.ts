import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { serviceNames } from '@swapbooth/contracts';
import {
  bearer,
  dropIsolated,
  isolatedEnv,
  newAdmin,
  startAdmin,
  type AdminService,
} from './support/harness';

jest.setTimeout(60_000);

/** Stands in for every other service: answers /readyz and counts the calls. */
let readyzCalls = 0;
let stub: Server;
const env = isolatedEnv();
let admin: AdminService;

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    if (req.url === '/readyz') readyzCalls++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'ok', service: 'stub', checks: {} }));
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  const urls = Object.fromEntries(
    serviceNames.filter((n) => n !== 'admin').map((n) => [`${n.toUpperCase()}_URL`, url]),
  );
  admin = await startAdmin({ ...env, ...urls, HEALTH_CACHE_MS: '60000' });
});
afterAll(async () => {
  await admin?.stop();
  await dropIsolated(env);
  stub?.close();
});

describe('the platform health page', () => {
  it('answers anonymous callers from a short cache rather than asking every service each time', async () => {
    const others = serviceNames.length - 1;
    const anonymous = () => request(admin.url).get('/api/admin/health');
    const first = await Promise.all(Array.from({ length: 10 }, anonymous));
    for (const res of first) expect(res.body).toEqual({ success: true, status: 'ok' });
    for (let i = 0; i < 10; i++) expect((await anonymous()).status).toBe(200);
    // Twenty calls, one round of questions to the other services.
    expect(readyzCalls).toBe(others);

    // An admin gets the detail, asked afresh.
    const executive = await newAdmin(admin, 'executive');
    const detailed = await request(admin.url).get('/api/admin/health').set(bearer(executive.token));
    expect(detailed.status).toBe(200);
    expect(Object.keys(detailed.body.services).sort()).toEqual([...serviceNames].sort());
    expect(readyzCalls).toBe(2 * others);
  });
});
