import { eventually } from '@swapbooth/test-kit';
import { startSearch, type SearchHarness } from './support/harness';
import { newUserId, product, profile, uniqueWord } from './support/factories';

/** A seller-wide change (profile, address, status, booth) recomposes every listing of the seller. */
let h: SearchHarness;
beforeAll(async () => {
  h = await startSearch();
});
afterAll(async () => {
  await h?.stop();
});

type Card = { product_id: string; user_profile?: { first_name?: string } };

/** Waits until every listing in `category` shows the seller's first name as `firstName`. */
async function expectNamed(category: string, ids: string[], firstName: string) {
  await eventually(
    async () => {
      const res = await h.api.search({ category, limit: 50 });
      const cards = res.body.data.products as Card[];
      const named = cards.filter((c) => c.user_profile?.first_name === firstName);
      return named.length === ids.length &&
        ids.every((id) => named.some((c) => c.product_id === id))
        ? true
        : undefined;
    },
    15_000,
    50,
  );
}

describe('a seller-wide change', () => {
  it('reaches every listing of the seller and no one else’s', async () => {
    const category = uniqueWord();
    const userId = newUserId();
    const mine = Array.from({ length: 8 }, (_, i) =>
      product({ category, userId, title: `Ceramic vase ${i}` }),
    );
    const theirs = product({ category, title: 'Ceramic bowl' });
    for (const p of [...mine, theirs]) await h.handled(await h.publish('product.created', p));

    await h.publish('user.profile-updated', profile(userId, { firstName: 'Grace', version: 2 }));
    await expectNamed(
      category,
      mine.map((p) => p.productId),
      'Grace',
    );
    const res = await h.api.search({ category, limit: 50 });
    const other = (res.body.data.products as Card[]).find((c) => c.product_id === theirs.productId);
    expect(other?.user_profile?.first_name).not.toBe('Grace');
  });

  it('reaches the listings stored before a restart, and never brings back a deleted one', async () => {
    const category = uniqueWord();
    const userId = newUserId();
    const [stool, bench, chest] = [
      product({ category, userId, title: 'Oak stool' }),
      product({ category, userId, title: 'Oak bench' }),
      product({ category, userId, title: 'Oak chest' }),
    ];
    for (const p of [stool, bench, chest]) {
      await h.handled(await h.publish('product.created', p));
    }
    await h.handled(
      await h.publish('product.deleted', {
        productId: chest.productId,
        userId,
        version: chest.version + 1,
      }),
    );

    await h.restart();

    await h.publish('user.profile-updated', profile(userId, { firstName: 'Hedy', version: 2 }));
    await expectNamed(category, [stool.productId, bench.productId], 'Hedy');
    const res = await h.api.search({ category, limit: 50 });
    const ids = (res.body.data.products as Card[]).map((c) => c.product_id);
    expect(ids).not.toContain(chest.productId);
  });
});
