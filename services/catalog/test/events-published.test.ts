import { EventTap } from '@swapbooth/test-kit';
import { newMember, startCatalog, type Harness, catalogTopics } from './support/harness';
import { createListing } from './support/fixtures';

let h: Harness;
let tap: EventTap;
beforeAll(async () => {
  h = await startCatalog();
  tap = new EventTap(h.config.KAFKA_BROKERS, h.topicPrefix, catalogTopics);
  await tap.start();
});
afterAll(async () => {
  await tap?.stop();
  await h?.stop();
});

describe('events catalog publishes', () => {
  it('publishes the full snapshot, with the address facts, for every listing change', async () => {
    const m = newMember();
    const addressId = h.auth.addAddress(m.id, { zip_code: '30301', city: 'Atlanta', state: 'GA' });
    const p = await createListing(h, m, { addressId });
    const created = await tap.waitFor('product.created', (d) => d.productId === p.product_id);
    expect(created.subject).toBe(p.product_id);
    expect(created.data).toMatchObject({
      userId: m.id,
      slug: p.slug,
      title: p.title,
      category: 'Electronics',
      subCategory: 'Phones',
      condition: 'good',
      type: 'item',
      status: 'published',
      zipCode: '30301',
      city: 'Atlanta',
      state: 'GA',
      sellerActive: true,
      version: 1,
    });

    await h.api.put(`/api/product/${p.product_id}`, { title: 'Renamed phone' }, m.token);
    const updated = await tap.waitFor('product.updated', (d) => d.productId === p.product_id);
    expect(updated.data).toMatchObject({ title: 'Renamed phone', version: 2, zipCode: '30301' });

    await h.api.put(`/api/product/${p.product_id}`, { status: 'paused' }, m.token);
    const paused = await tap.waitFor('product.status-changed', (d) => d.productId === p.product_id);
    expect(paused.data).toMatchObject({
      status: 'paused',
      previousStatus: 'published',
      version: 3,
    });

    await h.api.put(`/api/product/${p.product_id}`, { status: 'removed' }, m.token);
    const deleted = await tap.waitFor('product.deleted', (d) => d.productId === p.product_id);
    expect(deleted.data).toEqual({ productId: p.product_id, userId: m.id, version: 4 });
  });

  it('publishes one liked and one unliked event however often the calls repeat', async () => {
    const [seller, fan] = [newMember(), newMember()];
    const p = await createListing(h, seller);
    for (let i = 0; i < 2; i++)
      await h.api.post(`/api/product/${p.product_id}/like/${fan.id}`, {}, fan.token);
    for (let i = 0; i < 2; i++)
      await h.api.delete(`/api/product/${p.product_id}/unlike/${fan.id}`, fan.token);
    const unliked = await tap.waitFor('product.unliked', (d) => d.productId === p.product_id);
    expect(unliked.data).toEqual({ productId: p.product_id, userId: fan.id, ownerId: seller.id });
    expect(tap.all('product.liked', (d) => d.productId === p.product_id)).toHaveLength(1);
    expect(tap.all('product.unliked', (d) => d.productId === p.product_id)).toHaveLength(1);
  });

  it('publishes booth and report events', async () => {
    const [m, reporter] = [newMember(), newMember()];
    const booth = (
      await h.api.post(
        '/api/booth',
        { name: `Ev ${m.id}`, username: `ev_${m.id}`, user_id: m.id, interests: ['Art'] },
        m.token,
      )
    ).body.data;
    await h.api.put(`/api/booth/${booth.booth_id}`, { name: `Ev2 ${m.id}` }, m.token);
    await h.api.put(`/api/booth/${booth.booth_id}`, { status: 'on_vacation' }, m.token);
    const created = await tap.waitFor('booth.created', (d) => d.boothId === booth.booth_id);
    expect(created.data).toMatchObject({
      userId: m.id,
      username: `ev_${m.id}`,
      interests: ['Art'],
      status: 'active',
    });
    expect(
      (await tap.waitFor('booth.updated', (d) => d.boothId === booth.booth_id)).data.name,
    ).toBe(`Ev2 ${m.id}`);
    const status = await tap.waitFor('booth.status-changed', (d) => d.boothId === booth.booth_id);
    expect(status.data).toMatchObject({ status: 'on_vacation', previousStatus: 'active' });

    const report = (
      await h.api.post(
        '/api/reports',
        { targetType: 'booth', targetId: booth.booth_id, reason: 'spam' },
        reporter.token,
      )
    ).body.data;
    const filed = await tap.waitFor('report.filed', (d) => d.reportId === report.report_id);
    expect(filed.data).toEqual({
      reportId: report.report_id,
      reporterId: reporter.id,
      targetType: 'booth',
      targetId: booth.booth_id,
      reason: 'spam',
    });
  });
});
