import { eventually } from '@swapbooth/test-kit';
import { product, uniqueWord } from './support/factories';
import { startSearch, type SearchHarness } from './support/harness';
import type { Loose } from './support/http';

let h: SearchHarness;
const timings: string[] = [];

beforeAll(async () => {
  h = await startSearch();
  // Warm up: the consumer's first fetch after joining its group is slower than steady state.
  const warm = await h.publish('product.created', product({ category: uniqueWord() }));
  await h.handled(warm);
});
afterAll(async () => {
  if (timings.length) process.stdout.write(`search freshness: ${timings.join(', ')}\n`);
  await h?.stop();
});

/** Milliseconds from publishing an event until a search shows its effect (at most 5 s). */
async function timeUntil(
  publish: () => Promise<unknown>,
  visible: () => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  await publish();
  await eventually(visible, 5_000, 10);
  return Date.now() - started;
}

const ids = async (params: Record<string, string>): Promise<string[]> =>
  (await h.api.search(params)).body.data.products.map((c: Loose) => c.product_id);

describe('freshness: a change reaches search soon after its event', () => {
  const category = uniqueWord();
  const listing = product({ category, title: 'Brass desk lamp' });
  const renamed = uniqueWord('lamp');

  it('shows a created listing', async () => {
    const ms = await timeUntil(
      () => h.publish('product.created', listing),
      async () => (await ids({ category })).includes(listing.productId),
    );
    timings.push(`created ${ms} ms`);
  });

  it('shows an edited listing under its new title', async () => {
    const ms = await timeUntil(
      () =>
        h.publish('product.updated', {
          ...listing,
          title: `Brass ${renamed}`,
          version: 2,
        }),
      async () => (await ids({ query: renamed })).includes(listing.productId),
    );
    timings.push(`edited ${ms} ms`);
  });

  it('drops a removed listing', async () => {
    const ms = await timeUntil(
      async () => {
        await h.publish('product.status-changed', {
          ...listing,
          title: `Brass ${renamed}`,
          status: 'removed',
          previousStatus: 'published',
          version: 3,
        });
        await h.publish('product.deleted', {
          productId: listing.productId,
          userId: listing.userId,
          version: 3,
        });
      },
      async () => !(await ids({ category })).includes(listing.productId),
    );
    timings.push(`removed ${ms} ms`);
  });
});
