import { randomUUID } from 'node:crypto';
import { RealtimePublisher, revokeToken } from '@swapbooth/service-kit';
import { eventually, signTestToken } from '@swapbooth/test-kit';
import {
  newMember,
  newProposalId,
  proposalFacts,
  startNotification,
  type NotificationHarness,
} from './harness';

jest.setTimeout(60_000);

/** GET /api/stream on one notification process (the gateway's part is in test/realtime). */
let h: NotificationHarness;
beforeAll(async () => {
  h = await startNotification({ STREAM_HEARTBEAT_MS: '200', STREAM_MAX_PER_MEMBER: '3' });
});
afterAll(async () => {
  await h?.stop();
});

interface Received {
  status: number;
  text: () => string;
  ended: Promise<void>;
  close: () => void;
}

async function open(
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<Received> {
  const abort = new AbortController();
  const res = await fetch(`${h.url}/api/stream`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    signal: abort.signal,
  });
  let text = '';
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        text += decoder.decode(chunk, { stream: true });
    } catch {
      // aborted
    }
  })();
  return { status: res.status, text: () => text, ended, close: () => abort.abort() };
}

describe('the stream on a notification process', () => {
  it('answers 401 without a token, and an event stream without compression or caching with one', async () => {
    expect((await open(undefined)).status).toBe(401);
    const res = await fetch(`${h.url}/api/stream`, {
      headers: {
        Authorization: `Bearer ${signTestToken(`u-${randomUUID()}`)}`,
        'Accept-Encoding': 'gzip, br',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    await res.body?.cancel();
  });

  it('sends heartbeats, and ends a stream once its token is revoked', async () => {
    const userId = `u-${randomUUID()}`;
    const jti = randomUUID();
    const s = await open(signTestToken(userId, { jti }));
    await eventually(() => s.text().includes(': ping'), 10_000);
    await revokeToken(h.service.ctx.redis, { jti, expiresAt: Math.floor(Date.now() / 1000) + 900 });
    await Promise.race([
      s.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 10_000)),
    ]);
  });

  it('replays only what came after Last-Event-ID, and ignores an id that is not one', async () => {
    const userId = `u-${randomUUID()}`;
    const token = signTestToken(userId);
    const pub = new RealtimePublisher(h.service.ctx.redis);
    const [first] = await pub.push([userId], 'test', { n: 1 });
    await pub.push([userId], 'test', { n: 2 });
    await pub.push([`u-${randomUUID()}`], 'test', { n: 99 });
    const resumed = await open(token, { 'Last-Event-ID': first! });
    await eventually(() => resumed.text().includes('event: ready'), 10_000);
    expect(resumed.text()).toContain('data: {"n":2}');
    expect(resumed.text()).not.toContain('data: {"n":1}');
    expect(resumed.text()).not.toContain('"n":99');
    resumed.close();
    const junk = await open(token, { 'Last-Event-ID': '$; DROP' });
    await eventually(() => junk.text().includes('event: ready'), 10_000);
    expect(junk.text()).not.toContain('"n":');
    junk.close();
  });

  it('pushes a notification once, even when its handler had stored it and died before pushing', async () => {
    const s = newMember();
    const r = newMember();
    const stream = await open(r.token);
    await eventually(() => stream.text().includes('event: ready'), 10_000);
    const id = newProposalId();
    // As if a first delivery stored the notification and its process died before the push.
    await h.service.deps.store.insertOnce({
      id: `exchange_proposal:${id}:${r.id}`,
      userId: r.id,
      type: 'exchange_proposal',
      title: 'New exchange proposal',
      message: 'A member sent you a proposal',
      data: { proposal_id: id },
      isRead: false,
      createdAt: new Date(),
    });
    const env = await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    await eventually(() => stream.text().includes(`exchange_proposal:${id}`), 15_000);
    await h.send(env);
    await h.publish('proposal.rejected', id, proposalFacts(id, s, r, r.id));
    await eventually(
      async () => (await h.service.deps.proposals.get(id))?.status === 'rejected',
      15_000,
    );
    expect(stream.text().split(`"notification_id":"exchange_proposal:${id}:`).length - 1).toBe(1);
    stream.close();
  });

  it('keeps at most STREAM_MAX_PER_MEMBER streams of one member, ending the oldest', async () => {
    const userId = `u-${randomUUID()}`;
    const token = signTestToken(userId);
    const streams: Received[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await open(token);
      await eventually(() => s.text().includes('event: ready'), 10_000);
      streams.push(s);
    }
    const other = await open(signTestToken(`u-${randomUUID()}`));
    await eventually(() => other.text().includes('event: ready'), 10_000);

    const newest = await open(token);
    await eventually(() => newest.text().includes('event: ready'), 10_000);
    await Promise.race([
      streams[0]!.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('oldest still open')), 10_000)),
    ]);
    expect(streams[0]!.text()).toMatch(/event: closed\ndata: \{"reason":"too_many_streams"\}/);

    // The three newest, and another member's stream, still receive.
    const [pushed] = await new RealtimePublisher(h.service.ctx.redis).push([userId], 'test', {
      n: 7,
    });
    for (const s of [streams[1]!, streams[2]!, newest]) {
      await eventually(() => s.text().includes(`id: ${pushed}`), 10_000);
    }
    expect(streams[0]!.text()).not.toContain(`id: ${pushed}`);
    expect(h.service.deps.hub.openStreams).toBe(4);
    for (const s of [...streams, newest, other]) s.close();
  });
});
