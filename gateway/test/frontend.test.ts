import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import { buildGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

/**
 * The gateway serves a built web client, with index.html for every client-side route, the build's
 * brotli and gzip copies to clients that take them, and hashed files cached for good.
 */
let gateway: RunningServer;
let base: string;
const SCRIPT = `console.log("app");\n${'export const filler = "swap what you have";\n'.repeat(200)}`;
const PAGE = `<!doctype html><title>Swapbooth</title><div id="root"></div>${'<!-- page -->'.repeat(100)}`;

/** Writes a file with the copies the build makes beside it. */
function built(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/** A GET that shows the bytes as sent: fetch would undo the compression. */
function raw(
  route: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${route}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}
const logger = createLogger('gateway', 'silent');
const redis = createRedis(process.env.REDIS_URL!, `${process.env.REDIS_KEY_PREFIX}gwfe:`, logger);

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'frontend-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  built(path.join(dist, 'index.html'), PAGE);
  built(path.join(dist, 'assets', 'index-CpTgEgMQ.js'), SCRIPT);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadGatewayConfig({
    ...process.env,
    S3_PUBLIC_URL: 'http://127.0.0.1:9000/swapbooth-images',
    FRONTEND_DIST: dist,
    AUTH_URL: 'http://127.0.0.1:9',
  });
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
  redis.disconnect();
});

it('serves the built files and answers client-side routes with index.html', async () => {
  const asset = await fetch(`${base}/assets/index-CpTgEgMQ.js`);
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

describe('compression and caching', () => {
  const script = '/assets/index-CpTgEgMQ.js';
  const immutable = 'public, max-age=31536000, immutable';

  it('sends a hashed script as the build’s brotli copy to a browser, cached for a year', async () => {
    const res = await raw(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the file itself to one that takes neither', async () => {
    const gz = await raw(script, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/javascript/);
    expect(gz.headers['cache-control']).toBe(immutable);
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await raw(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(immutable);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('answers a revalidation of the same representation with 304', async () => {
    const br = await raw(script, { 'accept-encoding': 'br' });
    const gz = await raw(script, { 'accept-encoding': 'gzip' });
    const etag = br.headers.etag!;
    expect(etag).toBeTruthy();
    expect(gz.headers.etag).not.toBe(etag);
    const again = await raw(script, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The other coding's tag does not match this representation.
    const other = await raw(script, { 'accept-encoding': 'br', 'if-none-match': gz.headers.etag! });
    expect(other.status).toBe(200);
  });

  it('has index.html and unhashed files revalidated on every use', async () => {
    for (const route of ['/', '/index.html', '/search?q=lamp']) {
      const res = await raw(route, { 'accept-encoding': 'gzip, br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString()).toBe(PAGE);
      const again = await raw(route, {
        'accept-encoding': 'gzip, br',
        'if-none-match': res.headers.etag!,
      });
      expect(again.status).toBe(304);
    }
    const icon = await raw('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a file missing from /assets with 404, never with the page', async () => {
    const res = await raw('/assets/index-OldBuild1.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect((await raw(`${script}.br`)).status).toBe(404);
    expect((await raw('/assets/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });
});
