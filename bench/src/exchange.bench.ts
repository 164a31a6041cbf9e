import os from 'node:os';
import { freePort } from '@swapbooth/test-kit';
import { keptRows, machine, revision, writeSection } from './results';
import { CLK_TCK, listeners, readStat } from './idle/procs';

import {
  benchGatewayEnv,
  benchProducer,
  benchRun,
  BuiltProcesses,
  callAs,
  databaseServer,
  listingCreated,
  pct,
  sleep,
  waitUntilReady,
  type JsonAnswer,
} from './support/stack';
import { seedExchangeMarket, type MarketMember } from './support/exchange-market';

/**
 * npm run bench:exchange — 16 clients proposing, countering and accepting through the gateway over
 * 1,000 listings, with contention: many proposals ask for the same listings, so accepts race for
 * them. Reports proposals per second, p50/p95 per call, and checks afterwards that no listing ended
 * up in two accepted exchanges (the goal is 0 double reservations).
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
// 25 listings per member, and enough of them that the market does not run dry within the load:
// at 60 proposals/s, 30 s reserve about 4,500 listings. (With the 1,000 listings used until
// 2026-11-28, the market ran out after about 12 s and the clients idled for the rest, which capped
// every rate at about 17 proposals/s.)
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 400);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);

const log = (msg: string) => console.log(`[bench:exchange] ${msg}`);

type Member = MarketMember;

type Call = 'propose' | 'counter' | 'accept' | 'read';
const calls: Call[] = ['propose', 'counter', 'accept', 'read'];

class Recorder {
  readonly latencies = new Map<Call, number[]>(calls.map((c) => [c, []]));
  readonly statuses = new Map<Call, Map<number, number>>(calls.map((c) => [c, new Map()]));

  /** The first refusal message seen per call and status, to say what the refusals were. */
  readonly samples = new Map<string, string>();

  record(call: Call, ms: number, status: number, message?: string) {
    this.latencies.get(call)!.push(ms);
    if (status >= 400 && message && !this.samples.has(`${call} ${status}`)) {
      this.samples.set(`${call} ${status}`, message);
    }
    const s = this.statuses.get(call)!;
    s.set(status, (s.get(status) ?? 0) + 1);
  }
  count(call: Call, status: number) {
    return this.statuses.get(call)!.get(status) ?? 0;
  }
}

/** A call through the gateway, timed and counted under `call`. */
async function api(
  rec: Recorder,
  call: Call,
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const t0 = performance.now();
  const res = await callAs(base, method, url, token, body);
  rec.record(call, performance.now() - t0, res.status, res.body.message);
  return res;
}

/** Database commands the service ran so far, by `collection kind`, from its metrics endpoint. */
async function databaseOps(metricsPort: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    for (const m of text.matchAll(
      /^mongodb_operation_duration_seconds_count\{([^}]*)\}\s+(\S+)/gm,
    )) {
      const collection = /collection="([^"]*)"/.exec(m[1]!)?.[1] ?? '?';
      const kind = /kind="([^"]*)"/.exec(m[1]!)?.[1] ?? '?';
      out.set(`${collection} ${kind}`, Number(m[2]));
    }
  } catch {
    // No metrics endpoint: the count is left out.
  }
  return out;
}

const listing = (id: string, owner: string, i: number) =>
  listingCreated(id, owner, i, {
    slug: 'bench-listing',
    title: 'Bench listing',
    benchmark: 'exchange',
    service: i % 4 === 0,
  });

async function main() {
  const { cleanUp, run, prefix, env } = benchRun();
  const exchangePort = await freePort();
  const gatewayPort = await freePort();
  const services = new BuiltProcesses(env);
  const producer = benchProducer('bench-exchange');
  try {
    const exchangeProcess = services.start('services/exchange/dist/main.js', {
      PORT: String(exchangePort),
      // e.g. BENCH_EXCHANGE_NODE_OPTIONS=--cpu-prof to profile the exchange service alone.
      ...(process.env.BENCH_EXCHANGE_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_EXCHANGE_NODE_OPTIONS }
        : {}),
    });
    const exchange = `http://127.0.0.1:${exchangePort}`;
    await waitUntilReady(`${exchange}/readyz`, 'the exchange service');
    const gatewayProcess = services.start('gateway/dist/main.js', {
      PORT: String(gatewayPort),
      EXCHANGE_URL: exchange,
      ...benchGatewayEnv(run),
    });
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitUntilReady(`${gateway}/readyz`, 'the gateway');
    await producer.connect();

    log(`announcing ${LISTINGS} listings of ${MEMBERS} members`);
    const members: Member[] = await seedExchangeMarket(
      producer,
      { run, prefix },
      { members: MEMBERS, listings: LISTINGS, listing },
    );
    log('projection ready; running the load');

    const rec = new Recorder();
    let proposalsCreated = 0;
    let accepted = 0;
    const acceptedTerms: string[][] = [];
    const loadAt = os.loadavg();
    // CPU seconds each process used during the load (user + system, from /proc): unlike latency,
    // not inflated by other work on a shared machine. The database's and Kafka's include the work
    // of anything else using them meanwhile.
    const dbPid = listeners().get(
      Number(/:(\d+)\/?$/.exec(process.env.MONGO_URL ?? '')?.[1] ?? 27017),
    );
    const measured: Array<[string, number | undefined]> = [
      ['exchange', exchangeProcess.pid],
      ['gateway', gatewayProcess.pid],
      ['benchmark clients', process.pid],
      ['database server', dbPid],
    ];
    const ticksAt = () => measured.map(([, pid]) => (pid ? readStat(pid)?.ticks : undefined));
    const dbOpsBefore = await databaseOps(exchangePort + 1000);
    const cpuBefore = ticksAt();
    const started = performance.now();
    const stopAt = started + DURATION_S * 1000;
    // Contention: a quarter of each member's listings are "wanted" and asked for by most proposals.
    // Clients skip listings they saw reserved (as the app hides them); the race is between accepts
    // in flight at the same time.
    const taken = new Set<string>();
    // The load ends early once half the market is reserved: from there on, the pairs left have
    // ever less to trade, and the clients would measure the market running out instead of the
    // service. Rates are per second of the load as it ran.
    const running = () => performance.now() < stopAt && taken.size < LISTINGS / 2;
    const free = (ids: string[]) => ids.filter((l) => !taken.has(l));
    const hot = (m: Member) =>
      free(m.listings.slice(0, Math.max(1, Math.ceil(m.listings.length / 4))));
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (running()) {
          const sender = pick(members);
          let receiver = pick(members);
          while (receiver === sender) receiver = pick(members);
          const pool =
            hot(receiver).length && Math.random() < 0.8 ? hot(receiver) : free(receiver.listings);
          const mine = free(sender.listings);
          if (!pool.length || !mine.length) {
            await sleep(5); // this pair has nothing left to trade: let the others run
            continue;
          }
          const requested = [...new Set([pick(pool), pick(pool)])];
          const offered = [pick(mine)];
          const created = await api(
            rec,
            'propose',
            gateway,
            'POST',
            '/api/exchange/proposal',
            sender.token,
            {
              userId: sender.id,
              receiverId: receiver.id,
              requestedProductIds: requested,
              offeredProductIds: offered,
              message: 'Would you trade?',
              deposit_amount: Math.round(Math.random() * 2000) / 100,
            },
          );
          if (created.status !== 201) continue;
          proposalsCreated++;
          const id = String(created.body.data?.proposal_id);
          await api(rec, 'read', gateway, 'GET', `/api/exchange/proposal/${id}`, receiver.token);
          // Half the time the receiver counters and the sender accepts; otherwise the receiver accepts.
          let acceptor = receiver;
          if (Math.random() < 0.5) {
            const countered = await api(
              rec,
              'counter',
              gateway,
              'POST',
              `/api/exchange/proposal/${id}/counter`,
              receiver.token,
              {
                userId: receiver.id,
                requestedProductIds: requested,
                offeredProductIds: offered,
                message: 'Add a little more?',
                deposit_amount: 5,
              },
            );
            if (countered.status !== 200) continue;
            acceptor = sender;
          }
          const res = await api(
            rec,
            'accept',
            gateway,
            'PUT',
            `/api/exchange/proposal/${id}/status`,
            acceptor.token,
            {
              status: 'accepted',
              userId: acceptor.id,
            },
          );
          if (res.status === 200) {
            accepted++;
            acceptedTerms.push([...requested, ...offered]);
            for (const l of [...requested, ...offered]) taken.add(l);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const endedEarly = taken.size >= LISTINGS / 2;
    const cpuAfter = ticksAt();
    const dbOpsAfter = await databaseOps(exchangePort + 1000);
    const dbOps = [...dbOpsAfter]
      .map(([k, n]) => [k, n - (dbOpsBefore.get(k) ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    const dbOpsTotal = dbOps.reduce((t, [, n]) => t + n, 0);
    const perExchange = (n: number) => (accepted ? (n / accepted).toFixed(1) : '–');
    // Per API call: a measure that moves less with contention than per accepted exchange.
    const apiCalls = calls.reduce((t, c) => t + rec.latencies.get(c)!.length, 0);
    const cpuSeconds = measured.map(([name], i) => {
      const a = cpuBefore[i];
      const b = cpuAfter[i];
      return [name, a === undefined || b === undefined ? NaN : (b - a) / CLK_TCK] as const;
    });
    // Per accepted exchange: a proposal, its read, half the time a counter, and the accept.
    const cpuRows = cpuSeconds
      .map(
        ([name, cpu]) =>
          `| ${name} | ${cpu.toFixed(1)} | ${((cpu / seconds) * 100).toFixed(0)}% | ${accepted ? ((cpu * 1000) / accepted).toFixed(1) : '–'} |`,
      )
      .join('\n');

    // Every listing in at most one accepted exchange: count from the service's own answers.
    const seen = new Map<string, number>();
    for (const m of members) {
      for (let page = 1; ; page++) {
        const res = await api(
          new Recorder(),
          'read',
          gateway,
          'GET',
          `/api/exchange/user/${m.id}/proposals?role=sent&status=accepted&page=${page}&limit=100`,
          m.token,
        );
        const list = (res.body.data?.proposals ?? []) as Array<{
          requested_products: { product_id: string }[];
          offered_products: { product_id: string }[];
        }>;
        for (const p of list) {
          for (const l of [...p.requested_products, ...p.offered_products]) {
            seen.set(l.product_id, (seen.get(l.product_id) ?? 0) + 1);
          }
        }
        if (list.length < 100) break;
      }
    }
    const doubles = [...seen.values()].filter((n) => n > 1).length;
    const fromAnswers = new Map<string, number>();
    for (const terms of acceptedTerms)
      for (const l of terms) fromAnswers.set(l, (fromAnswers.get(l) ?? 0) + 1);
    const doublesSeenByClients = [...fromAnswers.values()].filter((n) => n > 1).length;

    const sortedOf = (c: Call) => [...rec.latencies.get(c)!].sort((a, b) => a - b);
    const perCall = (n: number) => (apiCalls ? (n / apiCalls).toFixed(1) : '–');
    // One row per run, kept across runs, so a change can be compared with the runs before it.
    const runRow = `| ${new Date().toISOString()} | ${revision()} | ${loadAt[0]!.toFixed(1)} | ${(proposalsCreated / seconds).toFixed(1)}${CLIENTS === 16 ? '' : ` (${CLIENTS} clients)`} | ${pct(sortedOf('propose'), 0.5).toFixed(0)} / ${pct(sortedOf('propose'), 0.95).toFixed(0)} | ${pct(sortedOf('accept'), 0.95).toFixed(0)} | ${perCall(cpuSeconds[0]![1] * 1000)} | ${perCall(dbOpsTotal)} | ${doubles + doublesSeenByClients} |`;
    const row = (c: Call) => {
      const l = [...rec.latencies.get(c)!].sort((a, b) => a - b);
      const st = [...rec.statuses.get(c)!.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      return `| ${c} | ${l.length} | ${(l.length / seconds).toFixed(1)} | ${pct(l, 0.5).toFixed(1)} | ${pct(l, 0.95).toFixed(1)} | ${st} |`;
    };
    const body = `
${CLIENTS} clients for ${seconds.toFixed(1)} s${endedEarly ? ` (of ${DURATION_S} s planned: the load stops once half the listings are reserved)` : ''} through the gateway (child process) to the exchange service (child process, built code), on ${databaseServer()}, Kafka and Redis of this machine. ${LISTINGS} listings of ${MEMBERS} members, announced as catalog events; every member subscribed (a \`subscription.changed\` event each). Each client loops: propose (two of the receiver's listings, 80% of the time from the quarter of them everyone wants, for one of the sender's), the receiver reads it, then either the receiver accepts or (half the time) counters and the sender accepts. Clients leave out listings they saw reserved, as the app does; accepts in flight at the same time race for shared listings and the loser gets 409 (so does a proposal for a listing reserved meanwhile). Revision ${revision()}; load average at start ${loadAt.map((x) => x.toFixed(2)).join(' / ')} on ${os.cpus().length} cores.

| measure | value |
|---|---|
| proposals created per second | ${(proposalsCreated / seconds).toFixed(1)} |
| proposals created / accepted | ${proposalsCreated} / ${accepted} |
| listings in two accepted exchanges (from the service's lists) | **${doubles}** |
| listings in two accepted exchanges (from the accepts answered 200) | **${doublesSeenByClients}** |
| listings reserved | ${seen.size} of ${LISTINGS} |

Where the time goes: each service keeps the driver's ordinary connection pool, so its database calls run side by side; an accept claims one reservation document per listing (a unique \`_id\` each, undone if any is taken), which is what keeps a listing in one exchange at most.

| call | count | per second | p50 ms | p95 ms | statuses |
|---|---|---|---|---|---|
${calls.map(row).join('\n')}

CPU time during the load (user + system, from \`/proc\`; the database server's includes whatever else used it meanwhile); per API call (${apiCalls} calls), the exchange service used **${apiCalls ? ((cpuSeconds[0]![1] * 1000) / apiCalls).toFixed(1) : '–'} ms** of CPU and ran **${apiCalls ? (dbOpsTotal / apiCalls).toFixed(1) : '–'} database commands**:

| process | CPU s | of one core | CPU ms per accepted exchange |
|---|---|---|---|
${cpuRows}

The exchange service's database commands during the load (its \`mongodb_operation_duration_seconds\` counts): ${dbOpsTotal} in all, **${perExchange(dbOpsTotal)} per accepted exchange**; by collection and kind, per accepted exchange: ${dbOps
      .slice(0, 12)
      .map(([k, n]) => `${k} ${perExchange(n)}`)
      .join(', ')}.

What the refusals said (the first of each kind): ${[...rec.samples.entries()].map(([k, m]) => `${k} "${m}"`).join('; ') || 'none'}.

### Runs

| date | revision | 1-min load | proposals/s | propose p50 / p95 ms | accept p95 ms | exchange CPU ms per call | DB commands per call | double reservations |
|---|---|---|---|---|---|---|---|---|
${[...keptRows('exchange', 'Runs'), runRow].join('\n')}
`;
    writeSection('exchange', body);
    console.log(body);
    console.log(`machine: ${machine()}`);
    if (doubles > 0 || doublesSeenByClients > 0) {
      console.error('double reservations found');
      process.exitCode = 1;
    }
  } finally {
    await producer.disconnect().catch(() => undefined);
    await services.stopAndWait();
    await cleanUp();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
