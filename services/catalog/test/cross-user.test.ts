import { newMember, startCatalog, type Harness, type Member } from './support/harness';
import { createListing } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => {
  await h?.stop();
});

/**
 * Every catalog call that names a member acts only for the caller: the attacker's token with the
 * victim's id (in the path or the body) must never succeed, and must not change anything.
 */
describe('calls naming another member', () => {
  it('all answer 403 and change nothing', async () => {
    const [victim, attacker, seller] = [newMember(), newMember(), newMember()];
    const victimsListing = await createListing(h, victim);
    const booth = await h.api.post(
      '/api/booth',
      { name: `Victim ${victim.id}`, username: `v_${victim.id}`, user_id: victim.id },
      victim.token,
    );
    expect(booth.status).toBe(201);
    const p = await createListing(h, seller);
    await h.api.post(`/api/product/${p.product_id}/add-to-bag/${victim.id}`, {}, victim.token);
    await h.api.post(`/api/product/${p.product_id}/like/${victim.id}`, {}, victim.token);

    const v = victim.id;
    const calls: [string, string, unknown?][] = [
      [
        'POST',
        '/api/images/upload-url',
        {
          fileName: 'a.jpg',
          fileType: 'image/jpeg',
          folderType: 'products',
          fileSize: 1_000,
          userId: v,
        },
      ],
      ['POST', `/api/product/${p.product_id}/like/${v}`, {}],
      ['DELETE', `/api/product/${p.product_id}/unlike/${v}`],
      ['GET', `/api/product/${v}/liked`],
      ['POST', `/api/product/${p.product_id}/add-to-bag/${v}`, {}],
      ['DELETE', `/api/product/${v}/remove-to-bag/${p.product_id}`],
      ['GET', `/api/product/${v}/bag`],
      ['GET', `/api/products/${v}/bag-count`],
      ['POST', '/api/booth', { name: 'Stolen booth', username: 'stolen_booth', user_id: v }],
      [
        'POST',
        '/api/product',
        {
          title: 'Not mine',
          description: 'x',
          category: 'Books',
          type: 'item',
          condition: 'good',
          userId: v,
        },
      ],
      [
        'POST',
        '/api/product',
        {
          title: 'Not mine',
          description: 'x',
          category: 'Books',
          type: 'item',
          condition: 'good',
          user_id: v,
        },
      ],
      ['PUT', `/api/product/${victimsListing.product_id}`, { title: 'Hijacked' }],
      ['PUT', `/api/product/${victimsListing.product_id}`, { status: 'removed' }],
      ['PUT', `/api/booth/${booth.body.data.booth_id}`, { name: 'Hijacked booth' }],
      ['PUT', `/api/booth/${v}`, { status: 'closed' }],
    ];
    const results = await Promise.all(
      calls.map(async ([method, path, body]) => ({
        call: `${method} ${path}`,
        status: (
          await h.api.call(method, path, {
            token: attacker.token,
            ...(body !== undefined ? { body } : {}),
          })
        ).status,
      })),
    );
    expect(results.filter((r) => r.status < 400)).toEqual([]);
    expect(results.filter((r) => r.status !== 403)).toEqual([]);

    const as = (m: Member, path: string) => h.api.get(path, m.token);
    expect((await as(victim, `/api/product/${victimsListing.product_id}`)).body.data).toMatchObject(
      { title: victimsListing.title, status: 'published' },
    );
    expect((await as(victim, `/api/booth/${v}`)).body.data.name).toBe(`Victim ${victim.id}`);
    expect((await as(victim, `/api/products/${v}/bag-count`)).body.data.count).toBe(1);
    expect((await as(victim, `/api/product/${v}/liked`)).body.data).toHaveLength(1);
  });
});
