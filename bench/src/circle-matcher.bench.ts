import { randomUUID } from 'node:crypto';
import { solveCycleCover, type MarketItem, type Want } from '@swapbooth/circles';
import { Topics } from '@swapbooth/contracts';
import { EventTap, freePort, signTestToken } from '@swapbooth/test-kit';
import { revision, writeSection } from './results';
import {
  benchProducer,
  benchRun,
  BuiltProcesses,
  callAs,
  eventMessage,
  listingCreated,
  pct,
  sleep,
  waitUntilReady,
} from './support/stack';

/**
 * npm run bench:circle-matcher — the live circle matcher at the demo's scale: 40 members, 400
 * listings, most with a want list (a few thousand wants). Once the matcher has proposed what that
 * market holds, three new members put want lists that close a cycle of three; the time from the
 * last want-list PUT to `circle.proposed` on the bus (and to the circle in the members' GET
 * /api/circles) is measured over several trials, with the service's default debounce. Also: one
 * full solve of the whole market, in process.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 40);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 400);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 10);
/** Share of listings with a want list, and wants per list (uniform in [MIN, MAX]). */
const WITH_LIST = 0.75;
const MIN_WANTS = 3;
const MAX_WANTS = 15;

const log = (msg: string) => console.log(`[bench:circle-matcher] ${msg}`);

/** A seeded generator, so every run measures the same market. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Member {
  id: string;
  token: string;
}

const listingEvent = (id: string, owner: string, i: number) =>
  listingCreated(id, owner, i, {
    slug: 'circle-bench',
    title: 'Circle bench listing',
    benchmark: 'circle matcher',
    category: 'Games',
  });

async function main() {
  const { cleanUp, prefix, env } = benchRun('cbench');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  const producer = benchProducer('bench-circles');
  const services = new BuiltProcesses(env);
  const tap = new EventTap(brokers, prefix, [Topics.circle], 60_000);
  const call = (method: string, url: string, token: string, body?: unknown) =>
    callAs(base, method, url, token, body);
  /** PUT a want list, retrying while exchange has not heard of a listing yet. */
  const putWants = async (m: Member, listing: string, wants: string[]) => {
    for (let i = 0; ; i++) {
      const r = await call('PUT', `/api/circles/wants/${listing}`, m.token, { wants });
      if (r.status === 200) return;
      if (i > 400) throw new Error(`want list refused: ${r.status} ${r.body.message}`);
      await sleep(50);
    }
  };
  const announce = async (ls: Array<[string, string]>) => {
    for (let i = 0; i < ls.length; i += 200) {
      await producer.send({
        topic: `${prefix}${Topics.product}`,
        messages: ls
          .slice(i, i + 200)
          .map(([id, owner], j) =>
            eventMessage('product.created', id, listingEvent(id, owner, i + j)),
          ),
      });
    }
  };
  const newMember = (): Member => {
    const id = `cb-${randomUUID()}`;
    return { id, token: signTestToken(id, { expiresIn: 3600 }) };
  };

  try {
    services.start('services/exchange/dist/main.js', { PORT: String(port) });
    await waitUntilReady(`${base}/readyz`, 'the exchange service');
    await producer.connect();
    await tap.start();

    // The market: listings, and want lists naming other members' listings.
    const random = rng(17);
    const members = Array.from({ length: MEMBERS }, newMember);
    const listings: Array<[string, string]> = Array.from({ length: LISTINGS }, (_, i) => [
      randomUUID(),
      members[i % MEMBERS]!.id,
    ]);
    log(`announcing ${LISTINGS} listings of ${MEMBERS} members`);
    await announce(listings);
    const byOwner = new Map(members.map((m) => [m.id, m]));
    const lists: Array<{ listing: string; owner: string; wants: string[] }> = [];
    for (const [id, owner] of listings) {
      if (random() > WITH_LIST) continue;
      const n = MIN_WANTS + Math.floor(random() * (MAX_WANTS - MIN_WANTS + 1));
      const wants = new Set<string>();
      while (wants.size < n) {
        const [other, otherOwner] = listings[Math.floor(random() * LISTINGS)]!;
        if (otherOwner !== owner) wants.add(other);
      }
      lists.push({ listing: id, owner, wants: [...wants] });
    }
    const wantCount = lists.reduce((n, l) => n + l.wants.length, 0);
    log(`putting ${lists.length} want lists (${wantCount} wants)`);
    for (const l of lists) await putWants(byOwner.get(l.owner)!, l.listing, l.wants);

    // One full solve of that market, in process (what the matcher's first run faces).
    const items: MarketItem[] = lists.map((l) => ({ id: l.listing, owner: l.owner }));
    const withList = new Set(items.map((i) => i.id));
    const wants: Want[] = lists.flatMap((l) =>
      l.wants
        .map((w, i) => ({ item: l.listing, wants: w, rank: i + 1 }))
        .filter((w) => withList.has(w.wants)),
    );
    const full = solveCycleCover(items, wants, {
      metric: 'users-trading',
      iterations: 20,
      seed: 1,
      timeLimitMs: 500,
    });
    const fullCount = solveCycleCover(items, wants, { metric: 'none' });
    log(`full solve: ${full.itemsTrading} listings in ${full.cycles.length} cycles`);

    // Let the matcher propose what the market holds, until a few quiet seconds pass.
    let seen = -1;
    for (let quiet = 0; quiet < 6;) {
      await sleep(500);
      const now = tap.all('circle.proposed').length;
      quiet = now === seen ? quiet + 1 : 0;
      seen = now;
    }
    const settled = tap.all('circle.proposed');
    const reserved = settled.reduce((n, e) => n + e.data.size, 0);
    log(`market settled: ${settled.length} circles proposed (${reserved} listings reserved)`);

    // Trials: three new members close a cycle of three; the clock starts at the last PUT.
    const toEvent: number[] = [];
    const toRead: number[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const trio = [newMember(), newMember(), newMember()];
      const own: Array<[string, string]> = trio.map((m) => [randomUUID(), m.id]);
      await announce(own);
      await putWants(trio[0]!, own[0]![0], [own[1]![0]]);
      await putWants(trio[1]!, own[1]![0], [own[2]![0]]);
      // The closing list's own listing must be known before the clock starts.
      for (;;) {
        const r = await call('DELETE', `/api/circles/wants/${own[2]![0]}`, trio[2]!.token);
        if (r.status === 200) break;
        await sleep(50);
      }
      const started = performance.now();
      const r = await call('PUT', `/api/circles/wants/${own[2]![0]}`, trio[2]!.token, {
        wants: [own[0]![0]],
      });
      if (r.status !== 200) throw new Error(`closing want list refused: ${r.status}`);
      let readAt: number | undefined;
      const reading = (async () => {
        for (;;) {
          const c = await call('GET', '/api/circles', trio[0]!.token);
          if ((c.body.data?.circles?.length ?? 0) > 0) return (readAt = performance.now());
          await sleep(20);
        }
      })();
      await tap.waitFor('circle.proposed', (d) => d.memberIds.includes(trio[0]!.id));
      toEvent.push(performance.now() - started);
      await reading;
      toRead.push(readAt! - started);
    }
    toEvent.sort((a, b) => a - b);
    toRead.sort((a, b) => a - b);
    const ms = (x: number) => `${Math.round(x)} ms`;
    const body = `Commit ${revision()}. The exchange service (one process, FerretDB, default settings: matcher debounce 1,000 ms) with ${MEMBERS} members and ${LISTINGS} listings; ${lists.length} listings have a want list of ${MIN_WANTS}–${MAX_WANTS} wants (${wantCount} wants in all). After the matcher proposed what that market held (${settled.length} circles, ${reserved} listings reserved), ${TRIALS} trials: three new members put want lists closing a cycle of three, and the clock runs from the last PUT's start.

| measure | p50 | p95 | max |
|---|---|---|---|
| last want-list PUT → \`circle.proposed\` on the bus | ${ms(pct(toEvent, 0.5))} | ${ms(pct(toEvent, 0.95))} | ${ms(toEvent[toEvent.length - 1]!)} |
| last want-list PUT → the circle in the member's \`GET /api/circles\` | ${ms(pct(toRead, 0.5))} | ${ms(pct(toRead, 0.95))} | ${ms(toRead[toRead.length - 1]!)} |

The debounce is 1,000 ms of each figure (changes within it are matched together); the rest is one matcher pass (read every want list, the listings and reservations, solve, reserve and store the circle) and the outbox relay. One full solve of the whole market in process (\`solveCycleCover\`, ${items.length} listings, ${wants.length} wants): the optimal count (${fullCount.itemsTrading} listings trading) in ${ms(fullCount.elapsedMs)}; with the members-trading search (20 iterations, 500 ms cap, ${full.usersTrading} members trading) ${ms(full.elapsedMs)}.
`;
    writeSection('circle-matcher', body);
    console.log(body);
  } finally {
    await tap.stop().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
    await services.stopAndWait();
    await cleanUp();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
