import { randomUUID } from 'node:crypto';
import { Topics, type EventData } from '@swapbooth/contracts';
import { scaled } from './support/profile';
import { FaultStack } from './support/stack';
import { until } from './support/market';
import { recordScenario, table } from './support/results';

/**
 * Scenario 2: a consuming service SIGKILLed every 10 s while events stream in, its replicas going
 * 1 → 3 → 1. The notification service collapses a conversation's chat messages into one unread
 * notification counting them (a read-modify-write under a version condition, remembering the
 * message ids it counted): a lost event leaves the count short, one applied twice makes it high.
 */
const EVENTS = scaled(2000, 400);
const CONVERSATIONS = scaled(50, 10);
const PUBLISH_S = scaled(90, 60);
const KILL_EVERY_S = 10;

let stack: FaultStack;

beforeAll(async () => {
  stack = await FaultStack.start('s2', { services: ['notification'] });
});

afterAll(async () => {
  await stack?.stop();
});

test(`${EVENTS} events with a consumer SIGKILLed every ${KILL_EVERY_S} s and replicas 1 → 3 → 1: none lost, none applied twice, lag back to 0 within 60 s`, async () => {
  const tag = randomUUID().slice(0, 6);
  const conversations = Array.from({ length: CONVERSATIONS }, (_, i) => ({
    id: `fc-${tag}-${i}`,
    proposalId: `fp-${tag}-${i}`,
    senderId: `fm-${tag}-s${i}`,
    recipientId: `fm-${tag}-r${i}`,
  }));
  const events = Array.from({ length: EVENTS }, (_, n) => {
    const c = conversations[n % CONVERSATIONS]!;
    const data: EventData<'chat.message-sent'> = {
      messageId: `${c.id}-m${n}`,
      conversationId: c.id,
      proposalId: c.proposalId,
      senderId: c.senderId,
      recipientId: c.recipientId,
    };
    return { type: 'chat.message-sent' as const, subject: c.id, data };
  });

  // The faults: the replica plan over the publishing time, a SIGKILL every 10 s.
  const started = Date.now();
  let publishing = true;
  const kills: number[] = [];
  const replicaLog: string[] = [];
  const target = () => {
    const t = (Date.now() - started) / 1000;
    return t < PUBLISH_S / 3 ? 1 : t < (2 * PUBLISH_S) / 3 ? 3 : 1;
  };
  // An orchestrator keeps the planned number of replicas (starting them in parallel, stopping
  // extras gracefully); independently, every 10 s one running replica is SIGKILLed.
  let starting = 0;
  let maxReplicas = 0;
  let maxAlive = 0;
  const supervisor = (async () => {
    while (publishing || stack.replicas('notification').length + starting < 1) {
      const want = publishing ? target() : 1;
      const running = stack.replicas('notification');
      maxReplicas = Math.max(maxReplicas, running.length);
      maxAlive = Math.max(maxAlive, stack.alive('notification').length);
      for (let k = running.length + starting; k < want; k++) {
        starting++;
        void stack
          .addReplica('notification')
          .catch(() => undefined)
          .finally(() => starting--);
      }
      if (starting === 0 && running.length > want) {
        for (const extra of running.slice(want)) await extra.stop();
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const killer = (async () => {
    while (publishing) {
      // The fault's own cadence.
      await new Promise((r) => setTimeout(r, KILL_EVERY_S * 1000));
      if (!publishing) break;
      // A ready replica when there is one; otherwise one still starting (on a busy machine a
      // start can take longer than the cadence).
      const ready = stack.replicas('notification');
      const running = ready.length ? ready : stack.alive('notification');
      const victim = running[Math.floor(Math.random() * running.length)];
      if (victim) {
        await victim.kill('SIGKILL');
        kills.push(Date.now() - started);
        replicaLog.push(
          `${((Date.now() - started) / 1000).toFixed(0)} s: ${ready.length} ready${ready.length ? '' : ', a starting one killed'}`,
        );
      }
    }
  })();
  const chaos = Promise.all([supervisor, killer]).then(async () => {
    await until(
      'a replica running',
      async () => stack.replicas('notification').length > 0 && starting === 0,
      120_000,
    );
  });

  // A steady stream over the publishing time.
  const batches = PUBLISH_S * 2;
  const per = Math.ceil(EVENTS / batches);
  for (let b = 0; b < batches; b++) {
    const slice = events.slice(b * per, (b + 1) * per);
    if (slice.length) await stack.publishMany(slice);
    const due = started + ((b + 1) * PUBLISH_S * 1000) / batches;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  }
  publishing = false;
  await chaos;
  const publishedAt = Date.now();

  await until(
    'the consumer group back to lag 0',
    async () => (await stack.lag('notification', [Topics.chat])) === 0,
    180_000,
    500,
  );
  const lagZeroS = (Date.now() - publishedAt) / 1000;

  const notification = await stack.db('notification');
  const expected = EVENTS / CONVERSATIONS;
  const read = async () => {
    const docs = await notification
      .collection('notifications')
      .find({ type: 'new_message' })
      .toArray();
    return conversations.map((c) => {
      const d = docs.find((x) => String(x._id) === `new_message:${c.id}:${c.recipientId}`) as
        { count?: number; messageIds?: string[] } | undefined;
      const ids = d?.messageIds ?? [];
      return { count: d?.count ?? 0, ids: ids.length, distinct: new Set(ids).size };
    });
  };
  // Applied effects settle with the lag; read until they stop changing.
  let state = await read();
  await until(
    'the notifications settled',
    async () => {
      const now = await read();
      const same = JSON.stringify(now) === JSON.stringify(state);
      state = now;
      return same;
    },
    60_000,
    2000,
  );
  const lost = state.reduce((n, s) => n + Math.max(0, expected - s.count), 0);
  const twice = state.reduce(
    (n, s) => n + Math.max(0, s.count - expected) + (s.ids - s.distinct),
    0,
  );

  recordScenario(
    2,
    'Consumer SIGKILLed every 10 s while replicas go 1 → 3 → 1',
    `${EVENTS} \`chat.message-sent\` events over ${CONVERSATIONS} conversations (${expected} each), published steadily over ${PUBLISH_S} s to the notification service, one replica for the first third, three for the second, one for the last; every ${KILL_EVERY_S} s one running replica is SIGKILLed and the plan's count restored (scaling down stops replicas gracefully). Each conversation's recipient has one unread notification counting its messages, updated under a version condition and remembering the ids it counted.

${table(
  ['measure', 'value'],
  [
    [
      'replicas killed (SIGKILL)',
      `${kills.length}, at ${kills.map((k) => `${(k / 1000).toFixed(0)} s`).join(', ')}`,
    ],
    ['replicas ready at each kill', replicaLog.join('; ')],
    [
      'most replicas at once: processes (ready or starting) / ready',
      `${maxAlive} / ${maxReplicas}`,
    ],
    ['events lost (counts short of the messages)', `**${lost}**`],
    ['events applied twice (counts over, or an id counted twice)', `**${twice}**`],
    ['lag back to 0 after the last event was published', `${lagZeroS.toFixed(1)} s`],
  ],
)}`,
  );

  expect(kills.length).toBeGreaterThanOrEqual(Math.floor(PUBLISH_S / KILL_EVERY_S) - 1);
  // The plan reached three processes (on a busy machine a start can outlast the kill cadence, so
  // fewer may be ready at once: the figures say how many were).
  expect(maxAlive).toBeGreaterThanOrEqual(3);
  expect(lost).toBe(0);
  expect(twice).toBe(0);
  expect(lagZeroS).toBeLessThanOrEqual(60);
});
