import { Topics } from '@swapbooth/contracts';
import { Api, eventually, type EventTap, type Loose } from '@swapbooth/test-kit';
import {
  dropIsolated,
  isolatedEnv,
  newAdmin,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from '../../services/admin/test/support/harness';
import { createListing } from '../../services/catalog/test/support/fixtures';
import {
  startCatalog,
  type Harness as CatalogHarness,
} from '../../services/catalog/test/support/harness';
import { SeededProposals } from '../../services/exchange/test/ratings-support';
import {
  newMember,
  startExchange,
  type Harness as ExchangeHarness,
  type Member,
} from '../../services/exchange/test/support/harness';
import { product, uniqueWord } from '../../services/search/test/support/factories';
import { startSearch, type SearchHarness } from '../../services/search/test/support/harness';

/**
 * Exchange, admin, search and catalog on one topic prefix: a rating shown in the rated member's
 * average on their search cards and listing pages leaves it again when an admin removes it (the
 * rating.removed event), and a late copy of an older rating event does not bring it back.
 */
let search: SearchHarness;
let catalog: CatalogHarness;
let exchange: ExchangeHarness;
let admin: AdminService;
let adminApi: Api;
let moderator: SignedInAdmin;
let ratingsTap: EventTap;
const proposals = new SeededProposals();
const adminEnv = isolatedEnv();

beforeAll(async () => {
  search = await startSearch();
  const prefix = { KAFKA_TOPIC_PREFIX: search.config.KAFKA_TOPIC_PREFIX };
  catalog = await startCatalog(prefix);
  exchange = await startExchange(prefix);
  // Completed trades declared by the test rather than traded through the API.
  exchange.service.deps.ratings.proposals = proposals;
  admin = await startAdmin({ ...adminEnv, EXCHANGE_URL: exchange.url });
  adminApi = new Api(admin.url);
  moderator = await newAdmin(admin, 'staff', 'reports');
  ratingsTap = await search.tap([Topics.rating]);
});
afterAll(async () => {
  await admin?.stop();
  await dropIsolated(adminEnv);
  await exchange?.stop();
  await catalog?.stop();
  await search?.stop();
});

/** Both parties of a completed trade rate each other, so both ratings are shown at once. */
async function trade(a: Member, b: Member, aGivesB: number, bGivesA: number): Promise<string> {
  const proposalId = proposals.add(a.id, b.id, 'completed', new Date());
  const rate = async (rater: Member, rated: Member, value: number) => {
    const res = await exchange.api.post(
      '/api/rating',
      { proposal_id: proposalId, rated_user_id: rated.id, rating_value: value, comment: '' },
      rater.token,
    );
    expect(res.status).toBe(201);
  };
  await rate(a, b, aGivesB);
  await rate(b, a, bGivesA);
  return proposalId;
}

describe('a rating an admin removes', () => {
  it('leaves the member’s average and count on search cards and listing pages', async () => {
    const [alice, bob, carol] = [newMember(), newMember(), newMember()];
    const category = uniqueWord();
    const searchListing = product({ category, userId: bob.id });
    await search.publish('product.created', searchListing);
    const catalogListing = await createListing(catalog, bob);

    const card = async () =>
      ((await search.api.search({ category, limit: 10 })).body.data.products as Loose[]).find(
        (c) => c.product_id === searchListing.productId,
      );
    const page = async () =>
      (await catalog.api.get(`/api/product/${catalogListing.product_id}`)).body.data as Loose;
    const shows = (average: number, count: number) =>
      eventually(async () => {
        const [c, p] = await Promise.all([card(), page()]);
        return (
          c?.rating_average === average &&
          c?.review_count === count &&
          p.user_profile?.average_rating === average &&
          p.user_profile?.rating_count === count
        );
      }, 20_000);

    const p1 = await trade(alice, bob, 1, 4);
    await trade(carol, bob, 5, 5);
    await shows(3, 2);

    const ratingId = `${p1}:${alice.id}`;
    const removed = await adminApi.call('DELETE', `/api/admin/ratings/${ratingId}`, {
      token: moderator.token,
      body: { reason: 'Abusive language' },
    });
    expect(removed.status).toBe(200);
    await shows(5, 1);

    const removal = await ratingsTap.waitFor('rating.removed', (d) => d.ratingId === ratingId);
    expect(removal.data).toMatchObject({ ratedUserId: bob.id, averageRating: 5, ratingCount: 1 });
    expect(removal.key).toBe(bob.id);

    // A late event (a new envelope) of the rating that made the count two changes nothing once
    // both services handled it, and the next rating after the removal is counted.
    const older = ratingsTap.all('rating.created', (d) => d.ratedUserId === bob.id);
    const newest = older.reduce((a, b) =>
      (a.data.summaryVersion ?? 0) > (b.data.summaryVersion ?? 0) ? a : b,
    );
    expect(newest.data).toMatchObject({ ratingCount: 2, averageRating: 3 });
    const late = await search.publish('rating.created', newest.data, { subject: bob.id });
    await search.handled(late);
    const catalogProcessed = catalog.service.ctx.conn.collection<{ _id: string }>(
      'processed_events',
    );
    await eventually(() => catalogProcessed.findOne({ _id: `catalog:${late.id}` }), 15_000);
    expect(await card()).toMatchObject({ rating_average: 5, review_count: 1 });
    expect((await page()).user_profile).toMatchObject({ average_rating: 5, rating_count: 1 });

    await trade(newMember(), bob, 3, 3);
    await shows(4, 2);
  });
});
