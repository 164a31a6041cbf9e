import { randomUUID } from 'node:crypto';
import os from 'node:os';
import mongoose from 'mongoose';
import {
  decideClocks,
  decideShipping,
  decideStatus,
  dueClocks,
  proposalModel,
  ProposalsRepository,
  storedDocOf,
  sweepDue,
  type ClockSettings,
  type Proposal,
} from '@swapbooth/exchange';
import type { Logger } from '@swapbooth/service-kit';
import { keptRows, revision, writeSection } from './results';
import { benchRun, databaseServer } from './support/stack';

/**
 * npm run bench:sweep — the due-work sweep's trade clocks at volume: 100,000 accepted exchanges
 * with their clocks running, of which BENCH_DUE (10,000) have a clock due now (a half-time
 * reminder, a passed shipping deadline, two assumed deliveries, or the end of the report window,
 * a quarter each). One sweep pass, as the service runs it (ProposalsRepository and dueClocks on
 * the exchange's own collection and indexes), timed, with every database command it sends counted.
 * Goals: ≤ 2 ms per due item; the calls per due item constant (no scan over the exchanges that are
 * not due). Reported, not asserted. The local server keeps only its unique indexes (it accepts the
 * others and ignores them), so it answers the due query by scanning the collection: there that
 * query's cost grows with all the exchanges, and reading more per query is what keeps it small.
 */
const EXCHANGES = Number(process.env.BENCH_EXCHANGES ?? 100_000);
const DUE = Math.min(EXCHANGES, Number(process.env.BENCH_DUE ?? 10_000));
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock: ClockSettings = { shipMs: 5 * DAY, deliveryMs: 14 * DAY, reportMs: 2 * DAY };
const kinds = ['reminder', 'deadline', 'delivery', 'completion'] as const;
type Kind = (typeof kinds)[number] | 'not due';

const log = (msg: string) => console.log(`[bench:sweep] ${msg}`);

function pending(id: string, at: Date): Proposal {
  const [s, r] = [`s-${id}`, `r-${id}`];
  return {
    id,
    senderId: s,
    receiverId: r,
    status: 'pending',
    rounds: [
      {
        round: 1,
        by: s,
        requestedProductIds: [`l-${id}-r`],
        offeredProductIds: [`l-${id}-s`],
        message: 'Would you swap?',
        depositAmount: 0,
        senderShippingContribution: 0,
        receiverShippingContribution: 0,
        createdAt: at,
      },
    ],
    shipping: {
      sender: { status: 'preparing', trackingNote: '' },
      receiver: { status: 'preparing', trackingNote: '' },
    },
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

/** An accepted exchange whose clocks stand where `kind` says at `now`. */
function exchange(kind: Kind, now: number): Proposal {
  const id = randomUUID();
  const acceptedAgo =
    kind === 'not due'
      ? HOUR
      : kind === 'reminder'
        ? 3 * DAY
        : kind === 'deadline'
          ? 6 * DAY
          : 20 * DAY;
  const at = new Date(now - acceptedAgo);
  let p = decideStatus(pending(id, at), `r-${id}`, 'accepted', {
    now: at,
    entitled: true,
    clock,
  }).next;
  if (kind === 'delivery' || kind === 'completion') {
    // Counted delivered an hour ago, or (completion) two days and an hour ago.
    const shipped = new Date(now - 14 * DAY - (kind === 'completion' ? 2 * DAY : 0) - HOUR);
    p = decideShipping(p, p.senderId, 'sender', 'shipped', 'Post', { now: shipped, clock })!.next;
    p = decideShipping(p, p.receiverId, 'receiver', 'shipped', 'Post', {
      now: shipped,
      clock,
    })!.next;
  }
  if (kind === 'completion') {
    // Both counted delivered 2 days and an hour ago: the report window closed an hour ago.
    p = decideClocks(p, new Date(now - 2 * DAY - HOUR), clock)!.next;
  }
  return { ...p, version: 1 };
}

async function seed(model: mongoose.Model<unknown>, now: number): Promise<void> {
  const started = performance.now();
  const BATCH = 2000;
  // The due ones spread evenly among the rest.
  const every = DUE > 0 ? EXCHANGES / DUE : Infinity;
  let due = 0;
  for (let from = 0; from < EXCHANGES; from += BATCH) {
    const docs = [];
    for (let i = from; i < Math.min(EXCHANGES, from + BATCH); i++) {
      const isDue = due < DUE && i >= Math.round(due * every);
      const kind: Kind = isDue ? kinds[due % kinds.length]! : 'not due';
      if (isDue) due++;
      docs.push(storedDocOf(exchange(kind, now)));
    }
    await model.collection.insertMany(docs as never[], { ordered: false });
  }
  log(
    `seeded ${EXCHANGES} exchanges (${due} due) in ${Math.round(performance.now() - started)} ms`,
  );
}

/** The due query's plan as the server explains it, or why it cannot say. */
async function duePlan(model: mongoose.Model<unknown>, now: Date): Promise<string> {
  try {
    const explained = (await model
      .find({ dueAt: { $lte: now } }, { _id: 1 })
      .sort({ dueAt: 1 })
      .limit(100)
      .explain('executionStats')) as unknown;
    const text = JSON.stringify(explained);
    const stages = [...new Set([...text.matchAll(/"stage":"([A-Z_]+)"/g)].map((m) => m[1]))];
    const examined = /"totalDocsExamined":(\d+)/.exec(text)?.[1];
    return stages.length
      ? `plan stages ${stages.join(' → ')}${examined ? `, ${examined} documents examined for a batch of 100` : ''}`
      : 'the server answered explain without a plan';
  } catch (err) {
    return `the server does not explain queries (${(err as Error).message.slice(0, 80)})`;
  }
}

/** The least a due item writes, without the sweep: a guarded update by id and one insert, 8 at a time. */
async function bareWrites(model: mongoose.Model<unknown>, n: number): Promise<number> {
  const ids = (await model.find({}, { _id: 1 }).limit(n).lean<{ _id: string }[]>()).map(
    (d) => d._id,
  );
  const markers = model.db.collection('bench_markers');
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        await model.collection.updateOne(
          { _id: id as never, version: { $gte: 1 } },
          { $inc: { version: 1 } },
        );
        await markers.insertOne({ _id: `m:${id}` as never, at: new Date() });
      }
    }),
  );
  return ids.length ? (performance.now() - t) / ids.length : NaN;
}

async function main() {
  const { run } = benchRun('sweep');
  const dbName = `${run}_exchange`;
  const conn = await mongoose
    .createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/', {
      dbName,
      monitorCommands: true,
    })
    .asPromise();
  try {
    const model = proposalModel(conn) as unknown as mongoose.Model<unknown>;
    await model.createIndexes();
    const now = Date.now();
    await seed(model, now);
    const at = new Date(now);
    const plan = await duePlan(model, at);

    const repo = new ProposalsRepository(conn, () => undefined);
    const calls = new Map<string, number>();
    // What each kind of command took in all, from sending it to its answer (the server's work,
    // the round trip and the wait for this process to read it).
    const took = new Map<string, number>();
    conn.getClient().on('commandStarted', (e) => {
      calls.set(e.commandName, (calls.get(e.commandName) ?? 0) + 1);
    });
    conn.getClient().on('commandSucceeded', (e) => {
      took.set(e.commandName, (took.get(e.commandName) ?? 0) + e.duration);
    });
    const warnings: unknown[] = [];
    const logger = { warn: (o: unknown) => warnings.push(o) } as unknown as Logger;
    const loadAt = os.loadavg();
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    const handled = await sweepDue([dueClocks({ proposals: repo, clock })], {
      now: () => at,
      logger,
    });
    const wall = performance.now() - t;
    const cpu = process.cpuUsage(cpu0);
    const settled = handled.clocks ?? 0;
    const total = [...calls.values()].reduce((a, b) => a + b, 0);
    const byCommand = [...calls.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => `${name} ${(n / Math.max(1, settled)).toFixed(2)}`)
      .join(', ');
    const tookText = [...took.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${(ms / Math.max(1, settled)).toFixed(2)} ms`)
      .join(', ');
    const stillDue = await model.countDocuments({ dueAt: { $lte: at } });
    const floor = await bareWrites(model, Math.min(2000, settled));
    log(`bare guarded write + marker insert on the same server now: ${floor.toFixed(2)} ms each`);
    const perItem = settled ? wall / settled : NaN;
    log(
      `${settled} settled in ${Math.round(wall)} ms (${perItem.toFixed(2)} ms each), ${total} commands (${byCommand} per item), ${stillDue} still due, ${warnings.length} failed`,
    );
    log(`waiting on the database per due item: ${tookText}`);

    const row = `| ${new Date().toISOString().slice(0, 16)} | ${revision()} | ${EXCHANGES} | ${settled} | ${Math.round(wall)} | ${perItem.toFixed(2)} | ${(total / Math.max(1, settled)).toFixed(2)} | ${os.loadavg()[0]!.toFixed(2)} |`;
    const body = `${EXCHANGES.toLocaleString('en-US')} accepted exchanges with their clocks running, ${DUE.toLocaleString('en-US')} of them with a clock due (a quarter each: half-time reminder, passed shipping deadline, two assumed deliveries with the report window opening, end of the report window completing the exchange), stored as the exchange service stores them in one collection with its declared indexes, on ${databaseServer()}. One pass of the due-work sweep's trade clocks (\`dueClocks\` through \`ProposalsRepository\`, in this process, outbox relay not running), every database command counted by the driver. Revision ${revision()}; load average at start ${loadAt.map((x) => x.toFixed(2)).join(' / ')} on ${os.cpus().length} cores.

| due items settled | pass | per due item | CPU | commands per due item | still due after | failed |
|---|---|---|---|---|---|---|
| ${settled} | ${Math.round(wall)} ms | ${perItem.toFixed(2)} ms (goal ≤ 2 ms: ${perItem <= 2 ? 'met' : 'NOT met'}) | ${Math.round((cpu.user + cpu.system) / 1000)} ms | ${(total / Math.max(1, settled)).toFixed(2)} (${byCommand}) | ${stillDue} | ${warnings.length} |

The sweep reads 1000 due exchanges at a time with one query on \`{ dueAt: { $lte: now } }\`, read whole in the order of the sparse \`{ dueAt: 1 }\` index (hinted, no sort stage): only accepted exchanges with a clock running carry \`dueAt\`, so the exchanges not due are never read on MongoDB. It stores them a hundred at a time, four writes under way at once: one unordered \`bulkWrite\` of updates each guarded by its exchange's version (its events ride in the same update), then one \`insertMany\` of the outbox's pending records for those stored. Due query: ${plan}; the local server keeps only unique indexes, so it scans the collection for it, once per 1000 due items. Waiting on the database per due item, summed over commands in flight together: ${tookText}.

For scale, what a due item cost written one by one (as before the batch writes): a bare version-guarded \`updateOne\` by id plus one small insert, through the driver, 8 at a time, took **${floor.toFixed(2)} ms** per pair on this server just after the pass. The sweep's own CPU in this process was **${((cpu.user + cpu.system) / 1000 / Math.max(1, settled)).toFixed(2)} ms** per due item (the decisions, the events' validation, the driver and BSON; the server's work is not in it).${loadAt[0]! > os.cpus().length ? ' The load average was above the cores this machine has, which inflates every figure here.' : ''}

### Runs

| date | revision | exchanges | due items | pass ms | ms per item | commands per item | 1-min load |
|---|---|---|---|---|---|---|---|
${[...keptRows('sweep', 'Runs'), row].join('\n')}`;
    writeSection('sweep', body);
  } finally {
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
