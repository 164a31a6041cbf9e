import { eventually } from '@swapbooth/test-kit';
import { LEGACY_BOOTHS_COLLECTION } from '../src/data/booths/booth.model';
import { LEGACY_SELLERS_COLLECTION } from '../src/data/sellers/seller.model';
import { startSearch, type SearchHarness } from './support/harness';
import { booth, newUserId, product, profile, uniqueWord } from './support/factories';

let h: SearchHarness;
beforeAll(async () => {
  h = await startSearch();
});
afterAll(async () => {
  await h?.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const cardOf = async (category: string, id: string): Promise<Loose> => {
  const res = await h.api.search({ category, limit: 100 });
  return (res.body.data.products as Loose[]).find((c) => c.product_id === id);
};

describe('seller and booth records kept by earlier versions in one collection each', () => {
  it('are moved into their collections at start, each part newer in the store kept', async () => {
    const category = uniqueWord();
    const [moved, written] = [newUserId(), newUserId()];
    const movedListing = product({ category, userId: moved, title: 'Walnut bookshelf' });
    const writtenListing = product({ category, userId: written, title: 'Brass floor lamp' });
    await h.handled(await h.publish('product.created', movedListing));
    await h.handled(await h.publish('product.created', writtenListing));
    // Events wrote a newer profile and booth of `written` than the old collections hold.
    await h.handled(
      await h.publish('user.profile-updated', profile(written, { firstName: 'Grace', version: 3 })),
    );
    await h.handled(await h.publish('booth.updated', booth(written, { name: 'New', version: 2 })));

    const db = h.service.ctx.conn.db!;
    await db.collection<Loose>(LEGACY_SELLERS_COLLECTION).insertMany([
      {
        _id: moved,
        profile: { firstName: 'Ada', lastName: 'Lovelace', username: `ada_${moved}` },
        profileVersion: 1,
        ratingAverage: 4,
        ratingCount: 5,
      },
      {
        _id: written,
        profile: { firstName: 'Old', lastName: 'Name', username: `old_${written}` },
        profileVersion: 2,
        ratingAverage: 4.5,
        ratingCount: 7,
      },
    ]);
    await db.collection<Loose>(LEGACY_BOOTHS_COLLECTION).insertMany([
      {
        _id: moved,
        boothId: `b-${moved}`,
        name: 'Moved',
        interests: [],
        status: 'active',
        version: 1,
      },
      {
        _id: written,
        boothId: `b-${written}`,
        name: 'Old',
        interests: [],
        status: 'active',
        version: 1,
      },
    ]);

    await h.restart();

    const movedCard = await eventually(() => cardOf(category, movedListing.productId));
    expect(movedCard).toMatchObject({
      user_profile: { first_name: 'Ada' },
      review_count: 5,
      booth: { name: 'Moved' },
    });
    const writtenCard = await eventually(() => cardOf(category, writtenListing.productId));
    // The newer profile and booth stay; the rating, which only the old record had, is added.
    expect(writtenCard).toMatchObject({
      user_profile: { first_name: 'Grace' },
      review_count: 7,
      booth: { name: 'New' },
    });
    const left = await h.service.ctx.conn
      .db!.listCollections({ name: { $in: [LEGACY_SELLERS_COLLECTION, LEGACY_BOOTHS_COLLECTION] } })
      .toArray();
    expect(left).toEqual([]);

    // Later events land on the moved records.
    await h.handled(
      await h.publish('user.profile-updated', profile(moved, { firstName: 'Ada B.', version: 2 })),
    );
    await eventually(async () => {
      const card = await cardOf(category, movedListing.productId);
      return card?.user_profile?.first_name === 'Ada B.' && card.review_count === 5;
    });
  });
});
