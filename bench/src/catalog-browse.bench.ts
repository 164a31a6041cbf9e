import { randomUUID } from 'node:crypto';
import os from 'node:os';
import mongoose from 'mongoose';
import { freePort } from '@swapbooth/test-kit';
import { keptRows, revision, writeSection } from './results';
import {
  benchGatewayEnv,
  benchRun,
  BuiltProcesses,
  databaseServer,
  pct,
  waitUntilReady,
} from './support/stack';

/**
 * `npm run bench:catalog-browse`: the home page's browse (`GET /api/product/published`, newest
 * first, 50 a page) through the gateway, with BENCH_LISTINGS (100,000) published listings in
 * catalog's database on the local server. A report, not a goal: it shows where the local server
 * ends (its non-unique indexes answer equality only, and `status` picks nearly every listing, so
 * each browse filters and sorts the whole collection in memory) and MongoDB,
 * which serves this from the declared `{status, createdAt, _id}` index, begins.
 */
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SELLERS = Math.max(1, Math.round(LISTINGS / 6));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PAGES = [1, 2, 3, 10];
const log = (msg: string) => console.log(`[bench:catalog-browse] ${msg}`);

/** Listings as catalog stores them: published, of active sellers, one a minute into the past. */
async function seed(dbName: string): Promise<number> {
  const conn = await mongoose
    .createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/', { dbName })
    .asPromise();
  const started = performance.now();
  const now = Date.now();
  const sellers = Array.from({ length: SELLERS }, () => randomUUID());
  const products = conn.db!.collection('products');
  const BATCH = 2000;
  for (let from = 0; from < LISTINGS; from += BATCH) {
    const docs = [];
    for (let i = from; i < Math.min(LISTINGS, from + BATCH); i++) {
      const at = new Date(now - i * 60_000);
      const id = randomUUID();
      docs.push({
        _id: id,
        userId: sellers[i % SELLERS]!,
        slug: `browse-bench-${i}-${id.slice(0, 6)}`,
        title: `Browse bench listing ${i}`,
        description: 'A listing of the catalog browse benchmark',
        category: 'Home & Garden',
        subCategory: 'Furniture',
        condition: 'Good',
        type: i % 3 === 0 ? 'service' : 'item',
        tags: [],
        images: [],
        location: { zipCode: '10001', city: 'New York', state: 'NY', country: 'US' },
        searchText: `browse bench listing ${i}`,
        status: 'published',
        sellerActive: true,
        version: 1,
        createdAt: at,
        updatedAt: at,
      });
    }
    await products.insertMany(docs as never[], { ordered: false });
    if ((from / BATCH) % 10 === 0) log(`${from + docs.length} of ${LISTINGS} listings stored`);
  }
  await conn.close();
  return performance.now() - started;
}

async function main() {
  const { run, cleanUp, env } = benchRun('browse');
  const catalogPort = await freePort();
  const gatewayPort = await freePort();
  const services = new BuiltProcesses(env);
  const loadAt = os.loadavg();
  try {
    log(`storing ${LISTINGS} listings of ${SELLERS} sellers`);
    const seedMs = await seed(`${run}_catalog`);
    services.start('services/catalog/dist/main.js', { PORT: String(catalogPort) });
    const catalog = `http://127.0.0.1:${catalogPort}`;
    await waitUntilReady(`${catalog}/readyz`, 'the catalog service', 300_000);
    services.start('gateway/dist/main.js', {
      PORT: String(gatewayPort),
      CATALOG_URL: catalog,
      ...benchGatewayEnv(run),
    });
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitUntilReady(`${gateway}/readyz`, 'the gateway');

    const url = (page: number) => `${gateway}/api/product/published?limit=50&page=${page}`;
    const first = await fetch(url(1));
    const body = (await first.json()) as { data?: { totalCount?: number; products?: unknown[] } };
    if (first.status !== 200 || body.data?.products?.length !== 50) {
      throw new Error(`browse answered ${first.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    log(`browse sees ${body.data.totalCount} listings; ${CLIENTS} clients for ${SECONDS} s`);

    const times: number[] = [];
    let errors = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let n = c; Date.now() < until; n++) {
          const t0 = performance.now();
          const res = await fetch(url(PAGES[n % PAGES.length]!));
          await res.arrayBuffer();
          if (res.status === 200) times.push(performance.now() - t0);
          else errors += 1;
        }
      }),
    );
    times.sort((a, b) => a - b);
    const rate = times.length / SECONDS;
    const row = `| ${new Date().toISOString()} | ${revision()} | ${LISTINGS.toLocaleString('en-US')} | ${CLIENTS} | ${rate.toFixed(1)} | ${pct(times, 0.5).toFixed(0)} / ${pct(times, 0.95).toFixed(0)} | ${errors} | ${loadAt[0]!.toFixed(1)} |`;
    const out = `\`npm run bench:catalog-browse\` (BENCH_LISTINGS, BENCH_CLIENTS, BENCH_SECONDS): the home page's browse, \`GET /api/product/published?limit=50\` (pages 1, 2, 3 and 10 in turn), through the gateway (child process) to catalog (child process, built code), with ${LISTINGS.toLocaleString('en-US')} published listings of ${SELLERS.toLocaleString('en-US')} sellers stored in catalog's database on ${databaseServer()} (stored in ${(seedMs / 1000).toFixed(0)} s). ${CLIENTS} clients in a closed loop for ${SECONDS} s. A report, not a goal: the local server's non-unique indexes answer equality only, and \`status\` picks nearly every listing, so every browse filters and sorts the whole collection in memory; MongoDB serves it from the declared \`{status, createdAt, _id}\` index. Load average at start ${loadAt.map((x) => x.toFixed(2)).join(' / ')} on ${os.cpus().length} cores.

| browses | per second | p50 ms | p95 ms | max ms | errors |
|---|---|---|---|---|---|
| ${times.length} | ${rate.toFixed(1)} | ${pct(times, 0.5).toFixed(0)} | ${pct(times, 0.95).toFixed(0)} | ${(times.at(-1) ?? NaN).toFixed(0)} | ${errors} |

### Runs

| date | revision | listings | clients | browses/s | p50 / p95 ms | errors | 1-min load |
|---|---|---|---|---|---|---|---|
${[...keptRows('catalog-browse', 'Runs'), row].join('\n')}`;
    writeSection('catalog-browse', out);
    log(`p50 ${pct(times, 0.5).toFixed(0)} ms, p95 ${pct(times, 0.95).toFixed(0)} ms`);
  } finally {
    await services.stopAndWait();
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
