import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Topics } from '@swapbooth/contracts';
import { freePort, signTestToken } from '@swapbooth/test-kit';
import { machine, revision, writeSection } from './results';
import {
  benchGatewayEnv,
  benchProducer,
  benchRun,
  BuiltProcesses,
  callAs as call,
  listingCreated,
  pct,
  publish,
  sleep,
  waitUntilReady,
} from './support/stack';

/**
 * npm run bench:realtime — through the gateway, with BENCH_STREAMS (500) members holding their
 * live stream open: the time from a proposal's HTTP 201 to its notification on the receiver's
 * stream, and from a chat message's 201 to the message on the other party's stream (p50/p95/max),
 * and how many arrived never or twice. Goals: proposal p95 ≤ 150 ms; message p95 ≤ 100 ms; 0 lost
 * or duplicated.
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 400);
/** Calls in flight at once (each waits for its push before the next starts). */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
/** A push not seen this long after its 201 counts as lost. */
const LOST_AFTER_MS = 10_000;

const log = (msg: string) => console.log(`[bench:realtime] ${msg}`);

interface Member {
  id: string;
  token: string;
  listings: string[];
}

/** Arrival times of pushes on one member's stream, by what they are about. */
class Arrivals {
  readonly at = new Map<string, number[]>();
  private waiters = new Map<string, () => void>();

  record(key: string): void {
    const list = this.at.get(key) ?? [];
    list.push(performance.now());
    this.at.set(key, list);
    this.waiters.get(key)?.();
  }

  /** The first arrival of a key, waiting up to `ms`; undefined when it never came. */
  first(key: string, ms: number): Promise<number | undefined> {
    const seen = this.at.get(key)?.[0];
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiters.delete(key);
        resolve(undefined);
      }, ms);
      this.waiters.set(key, () => {
        clearTimeout(t);
        this.waiters.delete(key);
        resolve(this.at.get(key)![0]);
      });
    });
  }
}

/** Holds a member's stream open through the gateway and records what arrives on it. */
async function openStream(gateway: string, m: Member, arrivals: Arrivals) {
  const res = await fetch(`${gateway}/api/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${m.token}` },
  });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((r) => (ready = r));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (event === 'ready') ready();
          else if (event === 'notification') {
            const n = (JSON.parse(data) as { notification: { type: string; data: string } })
              .notification;
            const proposalId = (JSON.parse(n.data) as { proposal_id?: string }).proposal_id;
            arrivals.record(proposalId ? `${n.type}:${proposalId}` : n.type);
          } else if (event === 'chat.message') {
            arrivals.record(
              `msg:${(JSON.parse(data) as { message: { message_id: string } }).message.message_id}`,
            );
          }
        }
      }
    } catch {
      // closed at the end of the run
    }
  })();
  await isReady;
}

const listingEvent = (id: string, owner: string, i: number) =>
  listingCreated(id, owner, i, {
    slug: 'bench-rt',
    title: 'Bench listing',
    benchmark: 'realtime',
  });

/** Runs `work` for each item with `n` in flight at once. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface Measure {
  /** Seen only after the lost threshold (counted in `lost` too). */
  late: number;
  latencies: number[];
  /** From the request being sent, rather than its answer. */
  fromSent: number[];
  lost: number;
  duplicated: number;
  refused: Map<number, number>;
}

const summary = (name: string, m: Measure, goal: number | string, fromSent = false) => {
  const l = [...(fromSent ? m.fromSent : m.latencies)].sort((a, b) => a - b);
  const refused = [...m.refused.entries()].map(([s, n]) => `${s}: ${n}`).join(', ') || 'none';
  return `| ${name} | ${l.length} | ${pct(l, 0.5).toFixed(1)} | ${pct(l, 0.95).toFixed(1)} | ${(l[l.length - 1] ?? NaN).toFixed(1)} | ${goal} | ${m.lost - m.late} | ${m.late} | ${m.duplicated} | ${refused} |`;
};

async function main() {
  const { cleanUp, run, prefix, env } = benchRun();
  const ports = {
    exchange: await freePort(),
    chat: await freePort(),
    notification: await freePort(),
    gateway: await freePort(),
  };
  const url = (p: number) => `http://127.0.0.1:${p}`;
  const services = new BuiltProcesses(env);
  const producer = benchProducer('bench-realtime');
  try {
    services.start('services/exchange/dist/main.js', { PORT: String(ports.exchange) });
    services.start('services/chat/dist/main.js', { PORT: String(ports.chat) });
    services.start('services/notification/dist/main.js', { PORT: String(ports.notification) });
    for (const s of ['exchange', 'chat', 'notification'] as const)
      await waitUntilReady(`${url(ports[s])}/readyz`, `the ${s} service`);
    services.start('gateway/dist/main.js', {
      PORT: String(ports.gateway),
      EXCHANGE_URL: url(ports.exchange),
      CHAT_URL: url(ports.chat),
      NOTIFICATION_URL: url(ports.notification),
      ...benchGatewayEnv(run),
    });
    const gateway = url(ports.gateway);
    await waitUntilReady(`${gateway}/readyz`, 'the gateway');
    await producer.connect();

    const members: Member[] = Array.from({ length: STREAMS }, () => {
      const id = `bench-${randomUUID()}`;
      return { id, token: signTestToken(id, { expiresIn: 3600 }), listings: [] };
    });
    log(`opening ${STREAMS} streams through the gateway`);
    const arrivals = new Map<string, Arrivals>(members.map((m) => [m.id, new Arrivals()]));
    await pool(members, 50, (m) => openStream(gateway, m, arrivals.get(m.id)!));

    log(`announcing ${STREAMS * 2} listings and ${STREAMS} subscriptions`);
    let i = 0;
    for (const m of members) {
      for (let k = 0; k < 2; k++) {
        const id = randomUUID();
        m.listings.push(id);
        await publish(
          producer,
          prefix,
          'product.created',
          id,
          listingEvent(id, m.id, i++),
          Topics.product,
        );
      }
      await publish(
        producer,
        prefix,
        'subscription.changed',
        m.id,
        { userId: m.id, status: 'active', currentPeriodEnd: null },
        Topics.subscription,
      );
    }

    // Exchange has every listing once a proposal for the last one announced is accepted as valid.
    const last = members[members.length - 1]!;
    const prober = members[0]!;
    const deadline = Date.now() + 600_000;
    for (;;) {
      const res = await call(gateway, 'POST', '/api/exchange/proposal', prober.token, {
        userId: prober.id,
        receiverId: last.id,
        requestedProductIds: [last.listings[1]],
        offeredProductIds: [prober.listings[1]],
        message: 'warm-up',
      });
      if (res.status === 201) break;
      if (Date.now() > deadline)
        throw new Error(`the projection never filled: ${res.status} ${res.body.message ?? ''}`);
      await sleep(250);
    }
    // Notification has read what came before once every member has heard of their subscription.
    const announced = performance.now();
    for (const m of members) {
      if ((await arrivals.get(m.id)!.first('subscription_changed', 300_000)) === undefined)
        throw new Error('notification never caught up with the announcements');
    }
    log(
      `projections ready (notification caught up in ${((performance.now() - announced) / 1000).toFixed(1)} s); measuring`,
    );
    const loadAt = os.loadavg();

    // Proposals: the sender is member k, the receiver member k+1 (each listing asked for once).
    const proposals: Measure = {
      late: 0,
      latencies: [],
      fromSent: [],
      lost: 0,
      duplicated: 0,
      refused: new Map(),
    };
    const created: Array<{ id: string; sender: Member; receiver: Member }> = [];
    const pairs = Array.from({ length: Math.min(PROPOSALS, STREAMS - 2) }, (_, k) => ({
      sender: members[k]!,
      receiver: members[k + 1]!,
    }));
    await pool(pairs, CONCURRENCY, async ({ sender, receiver }) => {
      const tSent = performance.now();
      const res = await call(gateway, 'POST', '/api/exchange/proposal', sender.token, {
        userId: sender.id,
        receiverId: receiver.id,
        requestedProductIds: [receiver.listings[0]],
        offeredProductIds: [sender.listings[0]],
        message: 'bench',
      });
      const t201 = performance.now();
      if (res.status !== 201) {
        proposals.refused.set(res.status, (proposals.refused.get(res.status) ?? 0) + 1);
        return;
      }
      const id = String(res.body.data?.proposal_id);
      created.push({ id, sender, receiver });
      const at = await arrivals.get(receiver.id)!.first(`exchange_proposal:${id}`, LOST_AFTER_MS);
      if (at === undefined) proposals.lost++;
      else {
        proposals.latencies.push(Math.max(0, at - t201));
        proposals.fromSent.push(at - tSent);
      }
    });

    // Messages: each conversation in turn, the sender and the receiver taking turns.
    log('waiting for the conversations');
    for (const p of created) {
      for (let tries = 0; ; tries++) {
        if (
          (await call(gateway, 'GET', `/api/chat/proposal/${p.id}`, p.sender.token)).status === 200
        )
          break;
        if (tries > 200) throw new Error(`no conversation for ${p.id}`);
        await sleep(50);
      }
    }
    const messages: Measure = {
      late: 0,
      latencies: [],
      fromSent: [],
      lost: 0,
      duplicated: 0,
      refused: new Map(),
    };
    const sends = Array.from({ length: created.length ? MESSAGES : 0 }, (_, k) => {
      const p = created[k % created.length]!;
      const fromSender = Math.floor(k / created.length) % 2 === 0;
      return {
        p,
        from: fromSender ? p.sender : p.receiver,
        to: fromSender ? p.receiver : p.sender,
      };
    });
    const sentIds: Array<{ to: Member; id: string }> = [];
    await pool(sends, CONCURRENCY, async ({ p, from, to }) => {
      const tSent = performance.now();
      const res = await call(gateway, 'POST', `/api/chat/proposal/${p.id}/message`, from.token, {
        userId: from.id,
        content: `bench message ${randomUUID()}`,
      });
      const t201 = performance.now();
      if (res.status !== 201) {
        messages.refused.set(res.status, (messages.refused.get(res.status) ?? 0) + 1);
        return;
      }
      const id = String(res.body.data?.message_id);
      sentIds.push({ to, id });
      const at = await arrivals.get(to.id)!.first(`msg:${id}`, LOST_AFTER_MS);
      if (at === undefined) messages.lost++;
      else {
        messages.latencies.push(Math.max(0, at - t201));
        messages.fromSent.push(at - tSent);
      }
    });

    // Duplicates: anything seen twice after everything has settled; late: lost, then seen.
    await sleep(5000);
    let proposalsSeen = 0;
    for (const p of created) {
      const seen = arrivals.get(p.receiver.id)!.at.get(`exchange_proposal:${p.id}`)?.length ?? 0;
      if (seen > 1) proposals.duplicated++;
      if (seen > 0) proposalsSeen++;
    }
    proposals.late = proposalsSeen - proposals.latencies.length;
    let messagesSeen = 0;
    for (const s of sentIds) {
      const seen = arrivals.get(s.to.id)!.at.get(`msg:${s.id}`)?.length ?? 0;
      if (seen > 1) messages.duplicated++;
      if (seen > 0) messagesSeen++;
    }
    messages.late = messagesSeen - messages.latencies.length;

    const body = `
${STREAMS} members hold their stream (\`GET /api/stream\`) open through the gateway; exchange, chat, notification and the gateway run as child processes (built code) on FerretDB, Kafka and Redis of this machine, ${CONCURRENCY} calls in flight at a time. A proposal's time runs from its HTTP 201 (exchange, outbox, Kafka, notification's consumer, Redis pub/sub, the stream) to its \`exchange_proposal\` notification on the receiver's stream; a message's from its 201 (chat, Redis pub/sub, the stream) to the message on the other party's stream. A push that arrives before the sender has the 201 (chat pushes before it answers) counts 0; the last two rows time from the request being sent instead. Lost: never seen; late: seen only after ${LOST_AFTER_MS / 1000} s (not in the percentiles); duplicated: seen twice. Revision ${revision()}; load average at start ${loadAt.map((x) => x.toFixed(2)).join(' / ')} on ${os.cpus().length} cores.

| push | count | p50 ms | p95 ms | max ms | goal p95 ms | lost | late (> ${LOST_AFTER_MS / 1000} s) | duplicated | refused calls |
|---|---|---|---|---|---|---|---|---|---|
${summary('proposal → notification', proposals, 150)}
${summary('message → other party', messages, 100)}
${summary('proposal POST sent → notification', proposals, '–', true)}
${summary('message POST sent → other party', messages, '–', true)}
`;
    writeSection('realtime', body);
    console.log(body);
    console.log(`machine: ${machine()}`);
    const lost = proposals.lost - proposals.late + messages.lost - messages.late;
    if (lost + proposals.duplicated + messages.duplicated > 0) {
      console.error('pushes lost or duplicated');
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
