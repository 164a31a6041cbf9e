import {
  checkResponse,
  searchEndpoints,
  type EventEnvelope,
  type ProductSnapshot,
} from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import { startSearch, type SearchHarness } from './support/harness';
import type { Loose } from './support/http';
import {
  booth,
  defaultAddress,
  newUserId,
  product,
  profile,
  rating,
  statusChange,
  uniqueWord,
} from './support/factories';

let h: SearchHarness;
beforeAll(async () => {
  h = await startSearch();
});
afterAll(async () => {
  await h?.stop();
});

/** The cards listed in one test's own category. */
async function cardsIn(category: string): Promise<Loose[]> {
  const res = await h.api.search({ category, limit: 100 });
  return checkResponse(searchEndpoints, 'GET /api/search', res).products;
}

const idsIn = async (category: string): Promise<string[]> =>
  (await cardsIn(category)).map((c) => c.product_id).sort();

/** Waits until the category lists exactly these listings. */
const expectListed = (category: string, ids: string[]) =>
  eventually(async () => {
    const listed = await idsIn(category);
    return JSON.stringify(listed) === JSON.stringify([...ids].sort()) ? listed : undefined;
  });

const cardOf = async (category: string, id: string) =>
  (await cardsIn(category)).find((c) => c.product_id === id);

const waitForCard = (category: string, id: string, ready: (card: Loose) => boolean) =>
  eventually(async () => {
    const card = await cardOf(category, id);
    return card && ready(card) ? card : undefined;
  });

/** A listing placed by its seller's default address, so every event kind shows on its card. */
const unplaced = (category: string, userId: string, extra: Partial<ProductSnapshot> = {}) =>
  product({ category, userId, zipCode: undefined, city: undefined, state: undefined, ...extra });

describe('the listing projection', () => {
  it('builds a card from product, profile, booth, address, identity and rating events in any order', async () => {
    const category = uniqueWord();
    const [first, second] = [newUserId(), newUserId()];
    const early = unplaced(category, first);
    const late = unplaced(category, second);

    await h.publish('product.created', early);
    await h.publish('user.profile-updated', profile(first));
    await h.publish('booth.created', booth(first));
    await h.publish('user.default-address-changed', defaultAddress(first, '07030'));
    await h.publish('identity.verified', { userId: first, verified: true });
    await h.publish('rating.created', rating(first, 4.5, 2));

    await h.publish('rating.created', rating(second, 4.5, 2));
    await h.publish('identity.verified', { userId: second, verified: true });
    await h.publish('user.default-address-changed', defaultAddress(second, '07030'));
    await h.publish('booth.created', booth(second));
    await h.publish('user.profile-updated', profile(second));
    await h.publish('product.created', late);

    for (const [listing, userId] of [
      [early, first],
      [late, second],
    ] as const) {
      const card = await waitForCard(
        category,
        listing.productId,
        (c) => c.review_count && c.booth && c.user_profile && c.zip && c.is_kyc_verified,
      ).catch(() => cardOf(category, listing.productId));
      expect(card).toEqual({
        product_id: listing.productId,
        id: listing.productId,
        slug: listing.slug,
        title: listing.title,
        type: 'item',
        category,
        subCategory: 'Cycling',
        condition: 'good',
        tags: ['bike'],
        image_url: listing.images[1]!.image_url,
        images: [{ image_url: listing.images[1]!.image_url, is_default: true }],
        user_id: userId,
        userId,
        user_profile: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          username: `ada_${userId}`,
          profile_image: `https://img.test/avatars/${userId}.png`,
        },
        is_kyc_verified: true,
        rating_average: 4.5,
        review_count: 2,
        booth: { name: "Ada's Corner", interests: ['books', 'tools', 'plants'] },
        zip: '07030',
        city: 'Hoboken',
        state: 'NJ',
        created_at: listing.createdAt,
      });
    }
  });

  it('places a listing at its own ZIP rather than the seller’s default address', async () => {
    const category = uniqueWord();
    const userId = newUserId();
    const listing = product({ category, userId, zipCode: '10001', city: 'New York', state: 'NY' });
    await h.publish('user.default-address-changed', defaultAddress(userId, '07030'));
    await h.publish('product.created', listing);
    const card = await waitForCard(category, listing.productId, () => true);
    expect(card).toMatchObject({ zip: '10001', city: 'New York', state: 'NY' });
  });

  it('ignores events older than what it already holds', async () => {
    const category = uniqueWord();
    const userId = newUserId();
    const listing = unplaced(category, userId, { title: 'Walnut desk', version: 2 });
    const now = Date.now();
    await h.publish('product.created', listing);
    await h.publish('user.profile-updated', profile(userId, { firstName: 'Grace', version: 3 }));
    await h.publish('booth.updated', booth(userId, { name: 'New Booth', version: 2 }));
    await h.publish(
      'user.default-address-changed',
      defaultAddress(userId, '10001', { city: 'New York', state: 'NY', version: 2 }),
    );
    await h.publish('rating.created', rating(userId, 4, 5));
    await h.publish('identity.verified', { userId, verified: true }, { occurredAt: new Date(now) });
    await h.publish('user.status-changed', statusChange(userId, 'active', 'suspended'), {
      occurredAt: new Date(now),
    });
    await waitForCard(
      category,
      listing.productId,
      (c) =>
        c.review_count === 5 && c.booth && c.user_profile && c.zip === '10001' && c.is_kyc_verified,
    );

    const stale: EventEnvelope[] = [
      await h.publish('product.updated', { ...listing, title: 'Pine desk', version: 1 }),
      await h.publish('user.profile-updated', profile(userId, { firstName: 'Old', version: 2 })),
      await h.publish('booth.updated', booth(userId, { name: 'Old Booth', version: 1 })),
      await h.publish('user.default-address-changed', defaultAddress(userId, '07030')),
      await h.publish('rating.created', rating(userId, 2, 3)),
      await h.publish(
        'identity.verified',
        { userId, verified: false },
        { occurredAt: new Date(now - 60_000) },
      ),
      await h.publish('user.status-changed', statusChange(userId, 'suspended'), {
        occurredAt: new Date(now - 60_000),
      }),
    ];
    for (const envelope of stale) await h.handled(envelope);

    expect(await cardOf(category, listing.productId)).toMatchObject({
      title: 'Walnut desk',
      user_profile: { first_name: 'Grace' },
      booth: { name: 'New Booth' },
      zip: '10001',
      city: 'New York',
      rating_average: 4,
      review_count: 5,
      is_kyc_verified: true,
    });
  });

  it('handles a redelivered event once and a repeated change harmlessly', async () => {
    const category = uniqueWord();
    const listing = product({ category });
    const created = await h.publish('product.created', listing);
    await h.send(created);
    await h.publish('product.created', listing);
    const again = await h.publish('product.updated', listing);
    await h.handled(again);
    const res = await h.api.search({ category });
    expect(res.body.data.totalCount).toBe(1);
    expect(res.body.data.products.map((c: Loose) => c.product_id)).toEqual([listing.productId]);
  });

  it('takes a suspended seller’s listings out of results and brings them back on reinstatement', async () => {
    const category = uniqueWord();
    const userId = newUserId();
    const a = product({ category, userId });
    const b = product({ category, userId, type: 'service' });
    const other = product({ category });
    for (const listing of [a, b, other]) await h.publish('product.created', listing);
    await expectListed(category, [a.productId, b.productId, other.productId]);

    await h.publish('user.status-changed', statusChange(userId, 'suspended'));
    await expectListed(category, [other.productId]);
    const res = await h.api.search({ category });
    expect(res.body.data.counts).toEqual({ items: 1, services: 0 });

    await h.publish('user.status-changed', statusChange(userId, 'active', 'suspended'));
    await expectListed(category, [a.productId, b.productId, other.productId]);
  });

  it('leaves out listings catalog marks as belonging to an inactive seller', async () => {
    const category = uniqueWord();
    const listing = product({ category });
    await h.publish('product.created', listing);
    await expectListed(category, [listing.productId]);
    await h.publish('product.updated', { ...listing, sellerActive: false, version: 2 });
    await expectListed(category, []);
  });

  it('takes unpublished, paused, removed and deleted listings and suspended booths out of results', async () => {
    const category = uniqueWord();
    const [paused, draft, removed, deleted, ofSuspendedBooth, kept] = Array.from(
      { length: 6 },
      () => product({ category }),
    );
    for (const listing of [paused, draft, removed, deleted, ofSuspendedBooth, kept]) {
      await h.publish('product.created', listing!);
    }
    await h.publish('booth.created', booth(ofSuspendedBooth!.userId));
    await expectListed(
      category,
      [paused, draft, removed, deleted, ofSuspendedBooth, kept].map((l) => l!.productId),
    );

    const change = (listing: ProductSnapshot, status: ProductSnapshot['status'], version = 2) =>
      h.publish('product.status-changed', {
        ...listing,
        status,
        previousStatus: listing.status,
        version,
      });
    await change(paused!, 'paused');
    await change(draft!, 'draft');
    await change(removed!, 'removed');
    await h.publish('product.deleted', {
      productId: deleted!.productId,
      userId: deleted!.userId,
      version: 2,
    });
    await h.publish('booth.status-changed', {
      ...booth(ofSuspendedBooth!.userId, { status: 'suspended', version: 2 }),
      previousStatus: 'active',
    });
    await expectListed(category, [kept!.productId]);

    // A late copy of the original event cannot bring a deleted listing back; a newer publish
    // brings a paused one back.
    const late = await h.publish('product.updated', deleted!);
    await h.handled(late);
    await change(paused!, 'published', 3);
    await expectListed(category, [kept!.productId, paused!.productId]);
  });

  it('reloads the in-process index from the stored listings when it restarts', async () => {
    const category = uniqueWord();
    const shown = product({ category });
    const hidden = product({ category, status: 'draft' });
    await h.publish('product.created', shown);
    const last = await h.publish('product.created', hidden);
    await h.handled(last);
    await expectListed(category, [shown.productId]);

    await h.restart();
    expect(await idsIn(category)).toEqual([shown.productId]);
    const ready = await h.api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.engine).toEqual({ ok: true });
  });
});
