import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import { buildGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

/** The gateway serves a built web client, with index.html for every client-side route. */
let gateway: RunningServer;
let base: string;
const logger = createLogger('gateway', 'silent');
const redis = createRedis(process.env.REDIS_URL!, `${process.env.REDIS_KEY_PREFIX}gwfe:`, logger);

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'frontend-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Swapbooth</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
  const config = loadGatewayConfig({
    ...process.env,
    S3_PUBLIC_URL: 'http://127.0.0.1:9000/swapbooth-images',
    FRONTEND_DIST: dist,
    AUTH_URL: 'http://127.0.0.1:9',
  });
  gateway = await serve({
    app: buildGateway({ config, logger, redis, publicKey: readPublicKey(config) }),
    port: 0,
    host: '127.0.0.1',
    logger,
  });
  base = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await gateway.stop();
  redis.disconnect();
});

it('serves the built files and answers client-side routes with index.html', async () => {
  const asset = await fetch(`${base}/assets/app.js`);
  expect(asset.status).toBe(200);
  expect(await asset.text()).toContain('console.log');
  for (const route of ['/', '/search?q=bike', '/listings/red-bike', '/my-account']) {
    const res = await fetch(`${base}${route}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  }
});

it('lets the page upload to and show images from object storage, and nothing else foreign', async () => {
  const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:9000/);
  expect(csp).toMatch(/img-src 'self' data: blob: http:\/\/127\.0\.0\.1:9000/);
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/object-src 'none'/);
  // Plain-http local storage: an upgrade to https would break every image.
  expect(csp).not.toMatch(/upgrade-insecure-requests/);
});

it('never answers an API path with the web client', async () => {
  const res = await fetch(`${base}/api/unknown-thing`);
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
});
