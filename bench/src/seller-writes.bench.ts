import { randomBytes } from 'node:crypto';
import os from 'node:os';
import mongoose, { Schema } from 'mongoose';
import {
  BoothsRepository,
  SellersRepository,
  guardedUpsert,
  notNewerThan,
} from '@swapbooth/search';
import { keptRows, revision, writeSection } from './results';

/**
 * The search projection's seller and booth writes (one per profile, address, status, identity,
 * rating or booth event) at the size of the 100,000-listing benchmark: in the one collection each
 * earlier versions kept, and in the 32 collections they are spread over now. Both layouts live in
 * one throwaway database and are measured turn about, so they share the machine's load.
 */
const SELLERS = Number(process.env.BENCH_SELLERS ?? 16_667);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const log = (msg: string) => console.log(`[bench:seller-writes] ${msg}`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
};
const ms = (v: number) => v.toFixed(1);

async function main() {
  const base = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
  const url = /[?&]maxPoolSize=/.test(base)
    ? base
    : `${base}${base.includes('?') ? '&' : '?'}maxPoolSize=1`;
  const dbName = `bench_sellerwrites_${randomBytes(3).toString('hex')}`;
  const conn = await mongoose.createConnection(url, { dbName }).asPromise();
  try {
    const loose = () => new Schema({ _id: String }, { strict: false, versionKey: false });
    const legacySellers = conn.model('LegacySeller', loose(), 'sellers');
    const legacyBooths = conn.model('LegacyBooth', loose(), 'booths');
    const sellers = new SellersRepository(conn);
    const booths = new BoothsRepository(conn);
    const ids = Array.from({ length: SELLERS }, (_, i) => `bench-seller-${i}`);
    log(`seeding ${SELLERS} sellers and booths in both layouts`);
    const started = Date.now();
    for (let i = 0; i < ids.length; i += 1000) {
      const slice = ids.slice(i, i + 1000);
      const facts = slice.map((id) => [id, { firstName: 'Ada', lastName: id, status: 'active' }]);
      const boothFacts = slice.map((id) => [
        id,
        { boothId: `b-${id}`, name: `Booth ${id}`, interests: ['books'], status: 'active' },
      ]);
      await legacySellers.collection.insertMany(
        facts.map(([id, f]) => ({ _id: id, profile: f, profileVersion: 1 })) as never[],
      );
      await legacyBooths.collection.insertMany(
        boothFacts.map(([id, b]) => ({ _id: id, ...(b as object), version: 1 })) as never[],
      );
      await sellers.seed(new Map(facts as never));
      await booths.seed(new Map(boothFacts as never));
    }
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${ROUNDS} writes of each kind`);
    const times = {
      sellerOne: [] as number[],
      sellerSpread: [] as number[],
      boothOne: [] as number[],
      boothSpread: [] as number[],
    };
    const time = async (into: number[], write: () => Promise<unknown>) => {
      const t = performance.now();
      await write();
      into.push(performance.now() - t);
    };
    for (let round = 0; round < ROUNDS; round++) {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      const version = round + 2;
      const profile = { firstName: `Renamed ${round}`, lastName: 'Lovelace' };
      const booth = {
        boothId: `b-${id}`,
        name: `Booth ${round}`,
        interests: ['tools'],
        status: 'active' as const,
      };
      await time(times.sellerOne, () =>
        guardedUpsert(legacySellers, id, notNewerThan('profileVersion', version), {
          $set: { profile, profileVersion: version },
        }),
      );
      await time(times.sellerSpread, () => sellers.applyProfile(id, version, profile));
      await time(times.boothOne, () =>
        guardedUpsert(legacyBooths, id, notNewerThan('version', version), {
          $set: { ...booth, version },
        }),
      );
      await time(times.boothSpread, () => booths.apply(id, version, booth));
    }
    const load = os.loadavg()[0]!;
    const row = (label: string, one: number[], spread: number[]) =>
      `| ${label} | ${ms(percentile(one, 0.5))} / ${ms(percentile(one, 0.95))} | ${ms(percentile(spread, 0.5))} / ${ms(percentile(spread, 0.95))} | ${(percentile(one, 0.5) / percentile(spread, 0.5)).toFixed(1)}× |`;
    const rows = [
      row('seller (profile event)', times.sellerOne, times.sellerSpread),
      row('booth (booth event)', times.boothOne, times.boothSpread),
    ];
    const runs = [
      ...keptRows('search projection writes', 'Runs'),
      `| ${new Date().toISOString()} | ${revision()} | ${SELLERS.toLocaleString('en-US')} | ${ms(percentile(times.sellerOne, 0.5))} → ${ms(percentile(times.sellerSpread, 0.5))} | ${ms(percentile(times.boothOne, 0.5))} → ${ms(percentile(times.boothSpread, 0.5))} | ${load.toFixed(1)} |`,
    ];
    writeSection(
      'search projection writes',
      `\`node bench/dist/seller-writes.bench.js\` (BENCH_SELLERS, BENCH_ROUNDS): one version-guarded seller or booth write, as each account, identity, rating or booth event makes, with ${SELLERS.toLocaleString('en-US')} sellers and booths (the 100,000-listing benchmark's count) on the local MongoDB-compatible server (FerretDB), where every update, even one by \`_id\`, is a pass over its collection. "One collection" is the layout earlier versions kept; "spread" the 32 collections by a hash of the user id the search service uses now. ${ROUNDS} writes of each, the layouts turn about in one database; 1-min load ${load.toFixed(1)} on ${os.cpus().length} shared cores.

| write | one collection p50 / p95 ms | spread over 32 p50 / p95 ms | p50 faster |
|---|---|---|---|
${rows.join('\n')}

### Runs

| date | revision | sellers | seller p50 ms (one → spread) | booth p50 ms (one → spread) | 1-min load |
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
