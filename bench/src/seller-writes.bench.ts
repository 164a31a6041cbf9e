import { randomBytes } from 'node:crypto';
import os from 'node:os';
import mongoose from 'mongoose';
import { BoothsRepository, ListingsRepository, SellersRepository } from '@swapbooth/search';
import { keptRows, revision, writeSection } from './results';

/**
 * The search projection's seller and booth writes (one per profile, address, status, identity,
 * rating or booth event) and the query that finds the seller's listings to recompose, at the size
 * of the 100,000-listing benchmark: one collection each, in one throwaway database.
 */
const SELLERS = Number(process.env.BENCH_SELLERS ?? 16_667);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const log = (msg: string) => console.log(`[bench:seller-writes] ${msg}`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
};
const ms = (v: number) => v.toFixed(1);

type Product = Parameters<ListingsRepository['replaceMany']>[0][number];

async function main() {
  const url = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
  const dbName = `bench_sellerwrites_${randomBytes(3).toString('hex')}`;
  const conn = await mongoose.createConnection(url, { dbName }).asPromise();
  try {
    const sellers = new SellersRepository(conn);
    const booths = new BoothsRepository(conn);
    const listings = new ListingsRepository(conn);
    await Promise.all(Object.values(conn.models).map((m) => m.init()));
    const ids = Array.from({ length: SELLERS }, (_, i) => `bench-seller-${i}`);
    log(`seeding ${SELLERS} sellers and booths and ${LISTINGS} listings`);
    const started = Date.now();
    for (let i = 0; i < ids.length; i += 1000) {
      const slice = ids.slice(i, i + 1000);
      await sellers.seed(
        new Map(slice.map((id) => [id, { firstName: 'Ada', lastName: id, status: 'active' }])),
      );
      await booths.seed(
        new Map(
          slice.map((id) => [
            id,
            { boothId: `b-${id}`, name: `Booth ${id}`, interests: ['books'], status: 'active' },
          ]),
        ),
      );
    }
    for (let i = 0; i < LISTINGS; i += 1000) {
      const batch: Product[] = Array.from({ length: Math.min(1000, LISTINGS - i) }, (_, j) => ({
        productId: `bench-listing-${i + j}`,
        sellerId: ids[(i + j) % ids.length]!,
        slug: `listing-${i + j}`,
        title: `Listing ${i + j}`,
        description: 'A listing of the seller-writes benchmark',
        category: 'books',
        type: 'item',
        tags: [],
        status: 'published',
        sellerActive: true,
        createdAt: Date.now(),
      }));
      await listings.replaceMany(batch);
    }
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${ROUNDS} rounds`);
    const times = { seller: [] as number[], booth: [] as number[], listings: [] as number[] };
    const time = async (into: number[], work: () => Promise<unknown>) => {
      const t = performance.now();
      await work();
      into.push(performance.now() - t);
    };
    for (let round = 0; round < ROUNDS; round++) {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      const version = round + 2;
      await time(times.seller, () =>
        sellers.applyProfile(id, version, { firstName: `Renamed ${round}`, lastName: 'Lovelace' }),
      );
      await time(times.booth, () =>
        booths.apply(id, version, {
          boothId: `b-${id}`,
          name: `Booth ${round}`,
          interests: ['tools'],
          status: 'active',
        }),
      );
      await time(times.listings, () => listings.productsOf(id));
    }
    const load = os.loadavg()[0]!;
    const row = (label: string, values: number[]) =>
      `| ${label} | ${ms(percentile(values, 0.5))} / ${ms(percentile(values, 0.95))} |`;
    const rows = [
      row('seller (profile event)', times.seller),
      row('booth (booth event)', times.booth),
      row("the seller's listings (`sellerId` query)", times.listings),
    ];
    const runs = [
      ...keptRows('search projection writes', 'Runs'),
      `| ${new Date().toISOString()} | ${revision()} | ${SELLERS.toLocaleString('en-US')} | ${ms(percentile(times.seller, 0.5))} | ${ms(percentile(times.booth, 0.5))} | ${load.toFixed(1)} |`,
    ];
    writeSection(
      'search projection writes',
      `\`node bench/dist/seller-writes.bench.js\` (BENCH_SELLERS, BENCH_LISTINGS, BENCH_ROUNDS): one version-guarded seller or booth write, as each account, identity, rating or booth event makes, and the query for the seller's listings that follows it, with ${SELLERS.toLocaleString('en-US')} sellers and booths and ${LISTINGS.toLocaleString('en-US')} listings (the 100,000-listing benchmark's counts) in one collection each on the local MongoDB-protocol server. ${ROUNDS} rounds; 1-min load ${load.toFixed(1)} on ${os.cpus().length} shared cores. Runs before 2026-11-27 compared one collection with the 32 the search service spread sellers over then (one → spread).

| step | p50 / p95 ms |
|---|---|
${rows.join('\n')}

### Runs

| date | revision | sellers | seller p50 ms | booth p50 ms | 1-min load |
|---|---|---|---|---|---|
${runs.join('\n')}`,
    );
    log(rows.join('\n'));
  } finally {
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
