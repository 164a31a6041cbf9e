import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { scaled } from './support/profile';
import { FaultStack } from './support/stack';
import { call, percentile, proposalBody, seedMarket, until, type Member } from './support/market';
import { recordScenario, table } from './support/results';

/**
 * Scenario 7: load and soak through the gateway with a mixed member workload (browse listings,
 * search, read a proposal, like or unlike a listing, propose, chat), driven by autocannon. Rising rates find the knee (the
 * last rate the stack still serves in full, with p95 under a second); then 70% of it is held for
 * the soak: under 1% errors, p95 per call recorded, memory of every process flat.
 */
const STEP_S = scaled(20, 8);
const SOAK_S = scaled(600, 45);
/**
 * Flat memory: the most a process may grow from the soak's first third to its last. A 45 s soak
 * starts while the heaps are still growing into the load (catalog went from 232 to 302 MB in one
 * short run, and from 253 down to 225 MB over the full profile's 10 minutes), so the short profile
 * only catches a runaway leak; the full profile holds the real bound.
 */
const MAX_GROWTH = scaled(0.25, 0.75);
/**
 * Offered rates. The full profile goes on to 320 and 640 so a knee above 160 is found, not
 * capped; the short one (npm test) stops at 160 to keep the run short and the machine usable.
 */
const RATES = scaled([10, 20, 40, 80, 160, 320, 640], [10, 20, 40, 80, 160]);
const MIX = {
  browse: 0.25,
  search: 0.25,
  read: 0.15,
  like: 0.15,
  propose: 0.1,
  chat: 0.1,
} as const;
/** Listings each liking member creates through catalog's API (the ones the like calls use). */
const LIKED_LISTINGS_PER_MEMBER = 2;
type Call = keyof typeof MIX;

let stack: FaultStack;
let members: Member[];
const proposals: Array<{ id: string; sender: Member; receiver: Member }> = [];
/** Listings created through catalog's own API, with their owners (nobody likes their own). */
const likeable: Array<{ id: string; owner: Member }> = [];

beforeAll(async () => {
  stack = await FaultStack.start('s7', {
    services: ['catalog', 'search', 'exchange', 'chat'],
    gateway: true,
  });
  members = await seedMarket(stack, { members: 40, listingsPerMember: 25, notification: false });
  // Proposals to read and to talk about.
  for (let i = 0; i < 20; i++) {
    const sender = members[i]!;
    const receiver = members[i + 20]!;
    const res = await call(
      stack.gatewayUrl,
      'POST',
      '/api/exchange/proposal',
      sender.token,
      proposalBody(sender, receiver, receiver.listings[0]!, sender.listings[0]!),
    );
    if (res.status !== 201)
      throw new Error(`setup: proposal answered ${res.status} ${res.body.message}`);
    proposals.push({ id: String(res.body.data?.proposal_id), sender, receiver });
  }
  // Listings to like: created as members create them, through the gateway to catalog.
  for (const owner of members.slice(0, 20)) {
    for (let j = 0; j < LIKED_LISTINGS_PER_MEMBER; j++) {
      const res = await call(stack.gatewayUrl, 'POST', '/api/product', owner.token, {
        title: `Likeable listing ${likeable.length}`,
        description: 'A listing of the fault suite, created through the catalog API',
        category: 'Books',
        type: 'item',
        condition: 'good',
        status: 'published',
      });
      if (res.status !== 201)
        throw new Error(`setup: listing answered ${res.status} ${res.body.message}`);
      likeable.push({ id: String(res.body.data?.product_id), owner });
    }
  }
  // Chat opens each proposal's conversation from its event.
  for (const p of proposals) {
    await until(
      `the conversation of proposal ${p.id}`,
      async () =>
        (await call(stack.gatewayUrl, 'GET', chatPath(p), p.receiver.token)).status === 200,
      120_000,
    );
  }
});

const chatPath = (p: { id: string; receiver: Member }) =>
  `/api/chat/proposal/${p.id}?userId=${encodeURIComponent(p.receiver.id)}`;

afterAll(async () => {
  await stack?.stop();
});

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** The request of one call, new each time (autocannon's setupRequest). */
function request(c: Call): autocannon.Request {
  const json = (token: string) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  });
  switch (c) {
    case 'browse':
      return {
        method: 'GET',
        path: `/api/product/published?page=${1 + Math.floor(Math.random() * 3)}&limit=20`,
      };
    case 'search':
      return {
        method: 'GET',
        path: `/api/search?query=${encodeURIComponent(pick(['fault', 'listing', 'fault listing 1', 'books']))}`,
      };
    case 'read': {
      const p = pick(proposals);
      return {
        method: 'GET',
        path: `/api/exchange/proposal/${p.id}`,
        headers: json(p.sender.token),
      };
    }
    case 'propose': {
      const sender = pick(members);
      let receiver = pick(members);
      while (receiver === sender) receiver = pick(members);
      return {
        method: 'POST',
        path: '/api/exchange/proposal',
        headers: json(sender.token),
        body: JSON.stringify(
          proposalBody(
            sender,
            receiver,
            pick(receiver.listings.slice(1)),
            pick(sender.listings.slice(1)),
          ),
        ),
      };
    }
    case 'like': {
      // A member likes or takes back a like of someone else's listing (either way round, any
      // number of times: both answer 200 and change the wishlist once).
      const listing = pick(likeable);
      let member = pick(members);
      while (member === listing.owner) member = pick(members);
      const id = encodeURIComponent(member.id);
      return Math.random() < 0.5
        ? {
            method: 'POST',
            path: `/api/product/${listing.id}/like/${id}`,
            headers: json(member.token),
          }
        : {
            method: 'DELETE',
            path: `/api/product/${listing.id}/unlike/${id}`,
            headers: json(member.token),
          };
    }
    case 'chat': {
      const p = pick(proposals);
      return { method: 'GET', path: chatPath(p), headers: json(p.receiver.token) };
    }
  }
}

interface Measured {
  rate: number;
  seconds: number;
  perCall: Map<Call, { ms: number[]; errors: number; statuses: Map<number, number> }>;
}

/** Offers `rate` requests per second in the mix for `seconds`, recording every answer. */
async function run(rate: number, seconds: number, onTick?: () => void): Promise<Measured> {
  const perCall = new Map<Call, { ms: number[]; errors: number; statuses: Map<number, number> }>();
  const timer = onTick ? setInterval(onTick, 5000) : undefined;
  await Promise.all(
    (Object.keys(MIX) as Call[]).map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          const rec = { ms: [] as number[], errors: 0, statuses: new Map<number, number>() };
          perCall.set(c, rec);
          const callRate = Math.max(1, Math.round(rate * MIX[c]));
          const instance = autocannon(
            {
              url: stack.gatewayUrl,
              connections: Math.max(1, Math.min(8, callRate)),
              overallRate: callRate,
              duration: seconds,
              timeout: 10,
              requests: [{ setupRequest: (req) => ({ ...req, ...request(c) }) }],
            },
            (err) => (err ? reject(err) : resolve()),
          );
          instance.on('response', (_client, status, _bytes, ms) => {
            rec.ms.push(ms);
            rec.statuses.set(status, (rec.statuses.get(status) ?? 0) + 1);
            // A refused duplicate proposal (409) is an answer, not a failure.
            if (status >= 500 || (status >= 400 && status !== 409)) rec.errors++;
          });
          instance.on('reqError', () => rec.errors++);
        }),
    ),
  );
  if (timer) clearInterval(timer);
  return { rate, seconds, perCall };
}

const total = (m: Measured) => [...m.perCall.values()].reduce((n, r) => n + r.ms.length, 0);
const errors = (m: Measured) => [...m.perCall.values()].reduce((n, r) => n + r.errors, 0);
const p95 = (m: Measured) =>
  percentile(
    [...m.perCall.values()].flatMap((r) => r.ms),
    0.95,
  );

/** Resident memory of a process, in MB. */
function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

test(`find the knee through the gateway, then hold 70% of it for ${SOAK_S} s: under 1% errors, memory flat`, async () => {
  // The knee: rising offered rates until the stack no longer serves one in full (achieved under
  // 90% of it, errors at 1% or more, or p95 over a second).
  const steps: Measured[] = [];
  let knee = RATES[0]!;
  for (const rate of RATES) {
    const m = await run(rate, STEP_S);
    steps.push(m);
    const achieved = total(m) / STEP_S;
    const healthy =
      achieved >= 0.9 * rate && errors(m) / Math.max(1, total(m)) < 0.01 && p95(m) < 1000;
    if (!healthy) break;
    knee = rate;
  }
  const soakRate = Math.max(1, Math.round(0.7 * knee));

  // The soak, sampling every process's memory.
  const samples: Array<Record<string, number>> = [];
  const sample = () => {
    const s: Record<string, number> = {};
    for (const p of stack.processes.filter((x) => x.running)) s[p.name] = rssMb(p.pid);
    samples.push(s);
  };
  sample();
  const soak = await run(soakRate, SOAK_S, sample);
  sample();
  const names = Object.keys(samples[0]!);
  const third = Math.max(1, Math.floor(samples.length / 3));
  const avg = (xs: Array<Record<string, number>>, n: string) =>
    xs.reduce((a, s) => a + (s[n] ?? 0), 0) / xs.length;
  const memory = names.map((n) => {
    const first = avg(samples.slice(0, third), n);
    const last = avg(samples.slice(-third), n);
    return { name: n, first, last, growth: (last - first) / first };
  });
  const soakErrors = errors(soak) / Math.max(1, total(soak));

  recordScenario(
    7,
    'Load and soak through the gateway',
    `A mixed member workload through the gateway (a process, rate limits lifted) to catalog, search, exchange and chat (processes), driven by autocannon: ${Object.entries(
      MIX,
    )
      .map(([c, w]) => `${c} ${Math.round(w * 100)}%`)
      .join(
        ', ',
      )} (browse: a page of published listings; search: a text query; read: a proposal; like: a like or an unlike, at random, of another member's listing; propose: a new proposal; chat: a proposal's conversation). 40 members, 1,000 listings announced as catalog events (the ones proposals name) and ${likeable.length} created through the gateway by catalog's API (POST /api/product, the ones the like calls use). Rates rise in steps of ${STEP_S} s until one is not served in full (achieved under 90%, 1% errors or more, or p95 over 1 s); the soak holds 70% of the knee for ${SOAK_S} s.

${table(
  ['offered req/s', 'achieved req/s', 'p95 ms', 'errors'],
  steps.map((m) => [m.rate, (total(m) / m.seconds).toFixed(1), p95(m).toFixed(0), errors(m)]),
)}

Knee: **${knee} req/s**; soak at **${soakRate} req/s** for ${SOAK_S} s: ${total(soak)} requests, errors **${(soakErrors * 100).toFixed(2)}%**.

${table(
  ['call', 'requests', 'p50 ms', 'p95 ms', 'statuses'],
  [...soak.perCall.entries()].map(([c, r]) => [
    c,
    r.ms.length,
    percentile(r.ms, 0.5).toFixed(0),
    percentile(r.ms, 0.95).toFixed(0),
    [...r.statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join(', '),
  ]),
)}

Memory (resident, average of the first and last third of the soak's samples every 5 s; at most ${MAX_GROWTH * 100}% growth allowed in this profile):

${table(
  ['process', 'first MB', 'last MB', 'growth'],
  memory.map((m) => [
    m.name,
    m.first.toFixed(0),
    m.last.toFixed(0),
    `${(m.growth * 100).toFixed(1)}%`,
  ]),
)}`,
  );

  expect(total(soak)).toBeGreaterThan(0);
  // Every call of the mix was made and answered, liking included.
  for (const c of Object.keys(MIX) as Call[]) {
    expect({
      call: c,
      answered: (soak.perCall.get(c)?.statuses.get(c === 'propose' ? 201 : 200) ?? 0) > 0,
    }).toEqual({ call: c, answered: true });
  }
  expect(soakErrors).toBeLessThan(0.01);
  // Flat: no process grows by more than the profile allows over the soak.
  expect(memory.filter((m) => m.growth > MAX_GROWTH)).toEqual([]);
});
