import { startWithSeededProposals, type SeededHarness } from './ratings-support';
import { newMember, type Member } from './support/harness';

let h: SeededHarness;
beforeAll(async () => {
  h = await startWithSeededProposals();
});
afterAll(async () => {
  await h?.stop();
});

const rate = (rater: Member, proposalId: string, ratedUserId: string, value: number) =>
  h.api.post(
    '/api/rating',
    {
      proposal_id: proposalId,
      rater_id: rater.id,
      rated_user_id: ratedUserId,
      rating_value: value,
      comment: `from ${rater.id}`,
    },
    rater.token,
  );
const page = (userId: string) => h.api.get(`/api/rating/user/${userId}`);

describe('ratings of one member arriving at once', () => {
  it('count every rating once, and each rating.created carries its own count and the exact average', async () => {
    const store = newMember();
    const raters = Array.from({ length: 30 }, () => newMember());
    const values = raters.map((_, i) => [5, 4.5, 3, 4][i % 4]!);
    const proposals = raters.map((r) => h.proposals.add(r.id, store.id));

    const replies = await Promise.all(
      raters.map((r, i) => rate(r, proposals[i]!, store.id, values[i]!)),
    );
    expect(replies.map((r) => r.status)).toEqual(raters.map(() => 201));
    // Hidden until the store rates back or the window closes; then all are shown at once.
    expect((await page(store.id)).body.data.count).toBe(0);
    await h.revealAll(2);

    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const shown = await page(store.id);
    expect(shown.status).toBe(200);
    expect(shown.body.data.count).toBe(30);
    expect(shown.body.data.average_rating).toBe(Math.round(mean * 10) / 10);
    // The newest 20 by default, every one of the 30 when asked.
    expect(shown.body.data.ratings).toHaveLength(20);
    const all = await h.api.get(`/api/rating/user/${store.id}?limit=50`);
    expect(new Set(all.body.data.ratings.map((r: { rater_id: string }) => r.rater_id))).toEqual(
      new Set(raters.map((r) => r.id)),
    );

    const events = await h.ratings.waitForCount(store.id, 30);
    // Each count from 1 to 30 exactly once: search keeps the highest count it has seen.
    expect(events.map((e) => e.data.ratingCount).sort((a, b) => a - b)).toEqual(
      raters.map((_, i) => i + 1),
    );
    const byCount = [...events].sort((a, b) => a.data.ratingCount - b.data.ratingCount);
    let halves = 0;
    for (const e of byCount) {
      halves += e.data.ratingValue * 2;
      expect(e.data.averageRating).toBe(Math.round((halves * 5) / e.data.ratingCount) / 10);
    }
    expect(byCount.at(-1)!.data.averageRating).toBe(shown.body.data.average_rating);
    // Published in the order they were counted (one partition per member).
    expect(events.map((e) => e.data.ratingCount)).toEqual(byCount.map((e) => e.data.ratingCount));
  });

  it('let a rater win only once when the same rating is sent many times at once', async () => {
    const [store, rater] = [newMember(), newMember()];
    const proposalId = h.proposals.add(rater.id, store.id);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => rate(rater, proposalId, store.id, 4)),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    await h.revealAll();

    await h.ratings.waitForCount(store.id, 1);
    const shown = await page(store.id);
    expect(shown.body.data).toMatchObject({ count: 1, average_rating: 4 });
    // Give a duplicate event the time to show up, then make sure there is none.
    const other = newMember();
    await rate(other, h.proposals.add(other.id, store.id), store.id, 5);
    await h.revealAll();
    await h.ratings.waitForCount(store.id, 2);
    expect(h.ratings.of(store.id).map((e) => e.data.ratingCount)).toEqual([1, 2]);
  });

  it('leave a rating due but never counted off the page until its rater tries again, which counts it', async () => {
    const [store, rater] = [newMember(), newMember()];
    const proposalId = h.proposals.add(rater.id, store.id);
    const { ratings, ledger } = h.service.deps.ratings;
    // Its window closed, and the showing stopped before counting it.
    await ratings.claim({
      id: `${proposalId}:${rater.id}`,
      proposalId,
      raterId: rater.id,
      ratedUserId: store.id,
      value: 2,
      comment: 'interrupted',
      createdAt: new Date(),
      visibleAt: new Date(Date.now() + 3600_000),
      shown: false,
    });
    await ratings.showFrom([`${proposalId}:${rater.id}`], new Date());
    expect(await ledger.hasRated(proposalId, rater.id)).toBe(true);
    expect((await page(store.id)).body.data.count).toBe(0);

    expect((await rate(rater, proposalId, store.id, 5)).status).toBe(409);
    const shown = await page(store.id);
    expect(shown.body.data).toMatchObject({ count: 1, average_rating: 2 });
    expect(shown.body.data.ratings[0].comment).toBe('interrupted');
    const [event] = await h.ratings.waitForCount(store.id, 1);
    expect(event!.data).toMatchObject({ ratingValue: 2, ratingCount: 1, averageRating: 2 });
  });
});
