import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SavedSearchQuery } from '@swapbooth/contracts';
import { indexedOf, ReverseSearchIndex } from '@swapbooth/search';
import { keptRows, revision, writeSection } from './results';
import { generateListings, NOUNS, type Noun } from './search/listings';
import { Random } from './search/random';
import { pct as percentile } from './support/stack';

/**
 * npm run bench:saved-searches — matching new listings against saved searches: 100,000 saved
 * searches of 20,000 members (queries built from the search benchmark's vocabulary and places),
 * then 1,000 listings matched one by one through the search service's own matcher (the reverse
 * index, each candidate checked on a one-listing copy of the in-process engine).
 * Goals: match p95 ≤ 5 ms per listing; the reverse index ≤ 200 MB. Reported, not asserted.
 */
const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000);
const GOAL_P95_MS = 5;
const GOAL_MB = 200;

const log = (msg: string) => process.stderr.write(`[bench:saved-searches] ${msg}\n`);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const RADII: Array<[number, number]> = [
  [3, 1],
  [5, 2],
  [10, 3],
  [25, 3],
  [50, 1],
  [100, 0.5],
];

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** What a member saves: a noun's name or its last word, a brand with it, now and then a typo. */
function savedText(r: Random, noun: Noun): string {
  const words = wordsOf(noun.text);
  const head = words[words.length - 1] ?? noun.text.toLowerCase();
  const roll = r.next();
  let text =
    roll < 0.4
      ? words.join(' ')
      : roll < 0.8
        ? head
        : noun.category.brands.length > 0
          ? `${r.pick(noun.category.brands).toLowerCase()} ${head}`
          : head;
  if (r.chance(0.08) && head.length >= 6) {
    const at = r.int(1, head.length - 3);
    const typo = head.slice(0, at) + head[at + 1] + head[at] + head.slice(at + 2);
    text = text.replace(head, typo);
  }
  return text;
}

/** A saved search as members make them: mostly text near home, some by category or place only. */
function savedQuery(r: Random, home: string): SavedSearchQuery {
  const noun = r.pick(NOUNS);
  const roll = r.next();
  const near = () => ({ searchZip: home, radius: r.weighted(RADII, ([, w]) => w)[0] as 25 });
  if (roll < 0.2) return { type: 'all', query: savedText(r, noun) };
  if (roll < 0.4)
    return { type: 'all', query: savedText(r, noun), category: noun.category.category };
  if (roll < 0.85) {
    return {
      type: 'all',
      query: savedText(r, noun),
      ...(r.chance(0.3) ? { category: noun.category.category } : {}),
      ...near(),
    };
  }
  if (roll < 0.95) return { type: 'all', category: noun.category.category, ...near() };
  return { type: 'all', ...near() };
}

async function main(): Promise<void> {
  log(`generating ${LISTINGS} listings`);
  const { docs, picker } = generateListings(LISTINGS, 20261127);
  const r = new Random(4242);
  const homes = Array.from({ length: MEMBERS }, () => picker.pick(r).zip);

  const before = heapMb();
  const index = new ReverseSearchIndex();
  const started = performance.now();
  let skipped = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const member = i % MEMBERS;
    const indexed = indexedOf({
      id: `s${i}`,
      memberId: `m${member}`,
      version: 1,
      query: savedQuery(r, homes[member]!),
    });
    if (indexed) index.put(indexed);
    else skipped++;
  }
  index.filled();
  const loadMs = performance.now() - started;
  const memoryMb = heapMb() - before;
  log(
    `indexed ${index.size} saved searches in ${Math.round(loadMs)} ms, ${memoryMb.toFixed(1)} MB`,
  );

  // Warm up the code paths on a few listings, then measure every listing once.
  for (const doc of docs.slice(0, 20)) await index.match(doc);
  const latencies: number[] = [];
  const cpuTimes: number[] = [];
  const candidates: number[] = [];
  const matched: number[] = [];
  const members: number[] = [];
  for (const doc of docs) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const found = await index.match(doc);
    latencies.push(performance.now() - t0);
    const c1 = process.cpuUsage(c0);
    cpuTimes.push((c1.user + c1.system) / 1000);
    candidates.push(index.lastCandidates);
    matched.push(found.length);
    members.push(new Set(found.map((f) => f.memberId)).size);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const lat = sorted(latencies);
  const cpu = sorted(cpuTimes);
  const load = os.loadavg()[0]!;
  const cand = sorted(candidates);
  const hit = sorted(matched);
  const mem = sorted(members);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const p50 = percentile(lat, 0.5);
  const p95 = percentile(lat, 0.95);
  const p99 = percentile(lat, 0.99);
  log(`match p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
  log(
    `CPU per match p50 ${percentile(cpu, 0.5).toFixed(2)} ms, p95 ${percentile(cpu, 0.95).toFixed(2)} ms; load ${load.toFixed(1)} on ${os.cpus().length} cores`,
  );
  log(
    `candidates p50 ${percentile(cand, 0.5)}, p95 ${percentile(cand, 0.95)}; matched mean ${mean(matched).toFixed(1)}`,
  );

  const ok = (met: boolean) => (met ? 'met' : '**missed**');
  const row = `| ${new Date().toISOString().slice(0, 16)} | ${revision()} | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${percentile(cand, 0.5)} / ${percentile(cand, 0.95)} | ${memoryMb.toFixed(0)} |`;
  const history = [...keptRows('saved-searches', 'History'), row].slice(-10);
  writeSection(
    'saved-searches',
    `
${index.size.toLocaleString('en-US')} saved searches of ${MEMBERS.toLocaleString('en-US')} members (${skipped} left out for an unknown ZIP), built from the search benchmark's vocabulary and places: 20% text only, 20% text + category, 45% text near the member's ZIP (a third of them also by category; radius 3–100 mi, mostly 10–25), 10% category near the ZIP, 5% anything near the ZIP; 8% of the texts carry a typo. Then ${LISTINGS.toLocaleString('en-US')} generated listings matched one after another, in process, through \`ReverseSearchIndex.match\` (the search service's matcher: the reverse index finds candidates by required word, category and 1° geo cell; each candidate is run on a one-listing copy of the in-process engine).

| measure | value | goal |
|---|---|---|
| match time per listing, p50 | ${p50.toFixed(2)} ms | |
| match time per listing, p95 | ${p95.toFixed(2)} ms | ≤ ${GOAL_P95_MS} ms: ${ok(p95 <= GOAL_P95_MS)} |
| match time per listing, p99 | ${p99.toFixed(2)} ms | |
| CPU time per listing, p50 / p95 | ${percentile(cpu, 0.5).toFixed(2)} / ${percentile(cpu, 0.95).toFixed(2)} ms | |
| machine load (1-minute average) while measuring | ${load.toFixed(1)} on ${os.cpus().length} cores | |
| candidates checked per listing, p50 / p95 / max | ${percentile(cand, 0.5)} / ${percentile(cand, 0.95)} / ${cand[cand.length - 1]} | |
| saved searches matched per listing, p50 / p95 / mean | ${percentile(hit, 0.5)} / ${percentile(hit, 0.95)} / ${mean(matched).toFixed(1)} | |
| members told per listing, p50 / p95 | ${percentile(mem, 0.5)} / ${percentile(mem, 0.95)} | |
| reverse index memory (heap after − before, after GC) | ${memoryMb.toFixed(0)} MB | ≤ ${GOAL_MB} MB: ${ok(memoryMb <= GOAL_MB)} |
| filling the index from ${index.size.toLocaleString('en-US')} searches | ${Math.round(loadMs)} ms | |

End to end (\`POST /api/product\` to the alert on the member's stream) is not measured by this run; the component tests show the path (search → outbox → notification → stream) works.

### History

| when | commit | p50 ms | p95 ms | candidates p50 / p95 | MB |
|---|---|---|---|---|---|
${history.join('\n')}
`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
