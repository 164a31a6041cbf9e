import { signTestToken } from '@swapbooth/test-kit';
import { newMember, startCatalog, type Harness } from './support/harness';
import { createListing } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => {
  await h?.stop();
});

const admin = signTestToken('admin-1', {
  type: 'admin',
  audience: 'swapbooth-admin',
  extra: { role: 'admin' },
});

describe('reports', () => {
  it('files a report on a listing once while it is open, and again after an admin closes it', async () => {
    const [seller, reporter] = [newMember(), newMember()];
    const p = await createListing(h, seller);
    const body = {
      targetType: 'product',
      targetId: p.product_id,
      reason: 'counterfeit',
      details: 'Fake logo',
    };
    const res = await h.api.post('/api/reports', body, reporter.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      reporter_id: reporter.id,
      target_type: 'product',
      target_id: p.product_id,
      reason: 'counterfeit',
      details: 'Fake logo',
      status: 'open',
    });
    const again = await h.api.post('/api/reports', { ...body, reason: 'spam' }, reporter.token);
    expect(again.status).toBe(409);

    const queue = await h.api.call('GET', '/internal/reports?status=open&limit=100', {
      token: admin,
    });
    expect(queue.body.data.reports.map((r: { report_id: string }) => r.report_id)).toContain(
      res.body.data.report_id,
    );
    const closed = await h.api.call('PATCH', `/internal/reports/${res.body.data.report_id}`, {
      token: admin,
      body: { status: 'resolved' },
    });
    expect(closed.body.data.status).toBe('resolved');
    expect((await h.api.post('/api/reports', body, reporter.token)).status).toBe(201);
  });

  it('reports booths and members, but not oneself or one’s own things', async () => {
    const [owner, reporter] = [newMember(), newMember()];
    const booth = (
      await h.api.post(
        '/api/booth',
        { name: `Booth ${owner.id}`, username: `b_${owner.id}`, user_id: owner.id },
        owner.token,
      )
    ).body.data;
    expect(
      (
        await h.api.post(
          '/api/reports',
          { targetType: 'booth', targetId: booth.booth_id, reason: 'spam' },
          reporter.token,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await h.api.post(
          '/api/reports',
          { targetType: 'user', targetId: owner.id, reason: 'harassment' },
          reporter.token,
        )
      ).status,
    ).toBe(201);
    const self = await h.api.post(
      '/api/reports',
      { targetType: 'user', targetId: reporter.id, reason: 'spam' },
      reporter.token,
    );
    expect(self.status).toBe(400);
    const ownBooth = await h.api.post(
      '/api/reports',
      { targetType: 'booth', targetId: booth.booth_id, reason: 'spam' },
      owner.token,
    );
    expect(ownBooth.status).toBe(400);
  });

  it.each([
    ['an unknown target type', { targetType: 'planet' }, 'targetType'],
    ['a reason not on the list', { reason: 'i do not like it' }, 'reason'],
    ['a reason that fits only listings, for a member', { reason: 'counterfeit' }, 'reason'],
    ['an empty target', { targetId: '' }, 'targetId'],
    ['over-long details', { details: 'x'.repeat(2001) }, 'details'],
  ])('refuses %s with a 400 naming the field', async (_label, override, field) => {
    const m = newMember();
    const res = await h.api.post(
      '/api/reports',
      { targetType: 'user', targetId: 'someone', reason: 'spam', ...override },
      m.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(`${field}:`)).toBe(true);
  });

  it('answers 404 for a listing that does not exist or cannot be seen', async () => {
    const [seller, m] = [newMember(), newMember()];
    const draft = await createListing(h, seller, { status: 'draft' });
    for (const targetId of ['nope', draft.product_id]) {
      expect(
        (
          await h.api.post(
            '/api/reports',
            { targetType: 'product', targetId, reason: 'spam' },
            m.token,
          )
        ).status,
      ).toBe(404);
    }
  });

  it('allows 10 reports an hour per member, then answers 429 with Retry-After', async () => {
    const m = newMember();
    for (let i = 0; i < 10; i++) {
      const res = await h.api.post(
        '/api/reports',
        { targetType: 'user', targetId: `target-${i}-${m.id}`, reason: 'spam' },
        m.token,
      );
      expect(res.status).toBe(201);
    }
    const limited = await h.api.post(
      '/api/reports',
      { targetType: 'user', targetId: `target-x-${m.id}`, reason: 'spam' },
      m.token,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    const other = newMember();
    expect(
      (
        await h.api.post(
          '/api/reports',
          { targetType: 'user', targetId: m.id, reason: 'spam' },
          other.token,
        )
      ).status,
    ).toBe(201);
  });
});
