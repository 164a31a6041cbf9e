import { Topics } from '@swapbooth/contracts';
import { scaled } from './support/profile';
import { startServer, stopServer } from './support/instance';
import { FaultStack } from './support/stack';
import {
  call,
  percentile,
  pool,
  proposalBody,
  seedMarket,
  until,
  type Member,
} from './support/market';
import { recordScenario, table } from './support/results';

/**
 * Scenario 1: the broker stopped for a while as members propose and accept. The writes go on (the
 * events wait in each proposal's outbox), and once the broker is back every notification and
 * e-mail arrives, each once, and every outbox is empty.
 */
const PROPOSALS = scaled(500, 60);
const MEMBERS = scaled(50, 10);
const OUTAGE_S = scaled(30, 15);
const CONCURRENCY = 8;

interface Mail {
  subject: string;
  text: string;
  to: { address: string }[];
}

async function mails(): Promise<Mail[]> {
  const res = await fetch(`${process.env.MAILDEV_URL}/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as Mail[];
}

let stack: FaultStack;

beforeAll(async () => {
  await startServer('kafka');
  stack = await FaultStack.start('s1', { services: ['exchange', 'notification'] });
  await fetch(`${process.env.MAILDEV_URL}/email/all`, { method: 'DELETE' });
});

afterAll(async () => {
  await startServer('kafka').catch(() => undefined);
  await stack?.stop();
});

test(`with Kafka stopped ${OUTAGE_S} s while ${PROPOSALS} proposals are created and accepted, every notification and e-mail arrives once and every outbox drains`, async () => {
  const members = await seedMarket(stack, {
    members: MEMBERS,
    listingsPerMember: 2 * Math.ceil(PROPOSALS / MEMBERS) + 1,
    notification: true,
  });
  // Every member sends and receives the same number of proposals, each over listings of its own.
  const used = new Map<string, number>();
  const nextListing = (m: Member) => {
    const i = used.get(m.id) ?? 0;
    used.set(m.id, i + 1);
    return m.listings[i]!;
  };
  const plan = Array.from({ length: PROPOSALS }, (_, i) => {
    const sender = members[i % MEMBERS]!;
    const receiver = members[(i + 1 + (Math.floor(i / MEMBERS) % (MEMBERS - 1))) % MEMBERS]!;
    return { sender, receiver, requested: nextListing(receiver), offered: nextListing(sender) };
  });

  const exchange = stack.service('exchange').url;
  const statuses = new Map<string, number>();
  const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
  const latency: number[] = [];
  const done: Array<{ id: string; sender: Member; receiver: Member; at: number }> = [];
  let kafkaDownAt = 0;
  let kafkaUpAt = 0;
  let outage: Promise<void> | undefined;
  let markDown: () => void = () => undefined;
  const kafkaDown = new Promise<void>((r) => (markDown = r));
  const startOutage = () => {
    outage ??= (async () => {
      await stopServer('kafka');
      kafkaDownAt = Date.now();
      markDown();
      // The fault's own duration.
      await new Promise((r) => setTimeout(r, OUTAGE_S * 1000));
      await startServer('kafka');
      kafkaUpAt = Date.now();
    })();
  };

  const started = Date.now();
  await pool(plan, CONCURRENCY, async (p, i) => {
    if (i === Math.floor(PROPOSALS / 10)) startOutage();
    // The second half starts once the broker is down, so proposals meet the outage however fast
    // the machine got through the first half.
    if (i >= PROPOSALS / 2) await Promise.race([kafkaDown, outage]);
    const t0 = performance.now();
    const created = await call(
      exchange,
      'POST',
      '/api/exchange/proposal',
      p.sender.token,
      proposalBody(p.sender, p.receiver, p.requested, p.offered),
    );
    latency.push(performance.now() - t0);
    count(`create ${created.status}`);
    if (created.status !== 201) return;
    const id = String(created.body.data?.proposal_id);
    const t1 = performance.now();
    const accepted = await call(
      exchange,
      'PUT',
      `/api/exchange/proposal/${id}/status`,
      p.receiver.token,
      { status: 'accepted', userId: p.receiver.id },
    );
    latency.push(performance.now() - t1);
    count(`accept ${accepted.status}`);
    if (accepted.status === 200)
      done.push({ id, sender: p.sender, receiver: p.receiver, at: Date.now() });
  });
  const workloadS = (Date.now() - started) / 1000;
  await outage;
  const whileDown = done.filter((d) => d.at >= kafkaDownAt && d.at <= kafkaUpAt).length;

  // Recovery: every notification and e-mail of every proposal, counted from the service's records
  // and from the mailbox.
  const ids = new Set(done.map((d) => d.id));
  const notification = await stack.db('notification');
  const byType = async () => {
    const docs = await notification
      .collection('notifications')
      .find({}, { projection: { type: 1, userId: 1, data: 1 } })
      .toArray();
    const mine = docs.filter((d) =>
      ids.has(String((d.data as { proposal_id?: string })?.proposal_id)),
    );
    return {
      proposal: mine.filter((d) => d.type === 'exchange_proposal').length,
      accepted: mine.filter((d) => d.type === 'proposal_accepted').length,
      all: mine.length,
    };
  };
  const tradeMails = async () => {
    const all = (await mails()).filter(
      (m) =>
        m.subject === 'New exchange proposal on Swapbooth' ||
        m.subject === 'Your exchange proposal was accepted',
    );
    const per = new Map<string, number>();
    for (const m of all) {
      const id = /\/proposal\/([^/\s]+)/.exec(m.text)?.[1];
      if (!id || !ids.has(id)) continue;
      const key = `${id} ${m.to[0]?.address} ${m.subject}`;
      per.set(key, (per.get(key) ?? 0) + 1);
    }
    return per;
  };
  await until(
    'every notification and e-mail after the broker came back',
    async () => {
      const n = await byType();
      const per = await tradeMails();
      return n.proposal === ids.size && n.accepted === ids.size && per.size === 2 * ids.size;
    },
    scaled(600_000, 240_000),
    1000,
  );
  const deliveredS = (Date.now() - kafkaUpAt) / 1000;
  await until(
    'every outbox of the exchange service drained',
    async () => (await stack.outboxLeft('exchange')) === 0,
    60_000,
  );

  // Later redeliveries would show up as second copies: look once more after a pause.
  const n = await byType();
  const per = await tradeMails();
  const duplicateMails = [...per.values()].filter((c) => c > 1).length;
  const proposalEvents = await stack.messagesIn(Topics.proposal);
  const outboxLeft = await stack.outboxLeft('exchange');
  const lag = await stack.lag('notification', [Topics.proposal]);

  recordScenario(
    1,
    'Kafka stopped while proposals are created and accepted',
    `${PROPOSALS} proposals between ${MEMBERS} members (${CONCURRENCY} at a time, each created by its sender and accepted by its receiver, straight to the exchange service) with the broker stopped for ${OUTAGE_S} s from the ${Math.floor(PROPOSALS / 10)}th proposal on (the second half of them start once it is down). Exchange and notification run as processes; notification sends through MailDev.

${table(
  ['measure', 'value'],
  [
    ['proposals created and accepted', `${ids.size} of ${PROPOSALS}`],
    ['accepted while the broker was down', whileDown],
    [
      'answers',
      [...statuses.entries()]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    ],
    [
      'p50 / p95 per call',
      `${percentile(latency, 0.5).toFixed(0)} / ${percentile(latency, 0.95).toFixed(0)} ms`,
    ],
    ['workload duration', `${workloadS.toFixed(1)} s`],
    [
      'notifications exchange_proposal / proposal_accepted',
      `**${n.proposal} / ${n.accepted}** (expected ${ids.size} each)`,
    ],
    [
      'trade e-mails (received + accepted) in MailDev',
      `**${per.size}** (expected ${2 * ids.size})`,
    ],
    ['e-mails sent twice', `**${duplicateMails}**`],
    ['all delivered after the broker came back', `${deliveredS.toFixed(1)} s`],
    [
      'proposal events on the topic (a re-publish after a failed send adds one)',
      `${proposalEvents} for ${2 * ids.size} events`,
    ],
    ['outbox entries left / notification lag', `**${outboxLeft} / ${lag}**`],
  ],
)}`,
  );

  expect(ids.size).toBe(PROPOSALS);
  expect(whileDown).toBeGreaterThan(0);
  expect(n.proposal).toBe(ids.size);
  expect(n.accepted).toBe(ids.size);
  expect(per.size).toBe(2 * ids.size);
  expect(duplicateMails).toBe(0);
  expect(outboxLeft).toBe(0);
});
