import { proposalRatingsResponse, ratingResponse, userRatingsResponse } from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import { newMember, startExchange, type Harness, type Member } from './support/harness';
import { listingsOf, proposed, setStatus, ship, subscribe } from './support/fixtures';
import { RatingTap } from './ratings-support';

let h: Harness;
let ratings: RatingTap;
beforeAll(async () => {
  h = await startExchange();
  ratings = new RatingTap(h.config.KAFKA_BROKERS, h.config.KAFKA_TOPIC_PREFIX);
  await ratings.start();
});
afterAll(async () => {
  await ratings?.stop();
  await h?.stop();
});

const rate = (m: Member, body: Record<string, unknown>, token: string | undefined = m.token) =>
  h.api.post('/api/rating', body, token);

const ratingBy = (
  m: Member,
  proposalId: string,
  ratedUserId: string,
  value: number,
  comment = '',
) =>
  rate(m, {
    proposal_id: proposalId,
    rater_id: m.id,
    rated_user_id: ratedUserId,
    rating_value: value,
    comment,
  });

/** Names a member in exchange's projection, as auth's profile event does. */
async function named(m: Member, firstName: string): Promise<void> {
  await h.tap.publish('user.profile-updated', m.id, {
    userId: m.id,
    firstName,
    lastName: 'Tester',
    username: firstName.toLowerCase(),
    profileImage: `https://img.test/${m.id}.png`,
    version: 1,
  });
  await eventually(
    async () => (await h.service.deps.parties.party(m.id)).first_name === firstName,
    20_000,
  );
}

/** A trade from offer to accepted: sender offers a listing for one of the receiver's. */
async function acceptedTrade(sender: Member, receiver: Member): Promise<string> {
  await subscribe(h, receiver);
  const [theirs] = await listingsOf(h, receiver, 1);
  const [mine] = await listingsOf(h, sender, 1);
  const p = await proposed(h, sender, receiver, { requested: [theirs!], offered: [mine!] });
  expect((await setStatus(h, receiver, p.proposal_id, 'accepted')).status).toBe(200);
  return p.proposal_id as string;
}

/** Both parcels shipped and delivered: the trade completes. */
async function complete(sender: Member, receiver: Member, id: string): Promise<void> {
  expect((await ship(h, sender, id, 'sender', 'shipped')).status).toBe(200);
  expect((await ship(h, receiver, id, 'receiver', 'shipped')).status).toBe(200);
  expect((await ship(h, receiver, id, 'sender', 'delivered')).status).toBe(200);
  const done = await ship(h, sender, id, 'receiver', 'delivered');
  expect(done.body.data?.status).toBe('completed');
}

async function completedTrade(sender: Member, receiver: Member): Promise<string> {
  const id = await acceptedTrade(sender, receiver);
  await complete(sender, receiver, id);
  return id;
}

describe('rating the other party of a trade', () => {
  it('lets each party rate the other once after completion, shows both once both rated, and publishes each once', async () => {
    const [alice, bob, carol] = [newMember(), newMember(), newMember()];
    await named(alice, 'Alice');
    await named(carol, 'Carol');
    const id = await acceptedTrade(alice, bob);

    const early = await ratingBy(alice, id, bob.id, 5);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Only a completed exchange can be rated; this proposal is accepted',
    );
    await complete(alice, bob, id);
    const before = await h.api.get(`/api/exchange/proposal/${id}`, alice.token);
    expect(before.body.data).toMatchObject({ rated_by_me: false });
    expect(before.body.data.allowed_actions).toContain('rate');

    // camelCase is accepted too; the comment is stored trimmed.
    const mine = await rate(alice, {
      proposalId: id,
      raterId: alice.id,
      ratedUserId: bob.id,
      ratingValue: 4.5,
      comment: '  Smooth swap, well packed.  ',
    });
    expect(mine.status).toBe(201);
    expect(ratingResponse.parse(mine.body.data)).toMatchObject({
      rating_id: `${id}:${alice.id}`,
      proposal_id: id,
      rater_id: alice.id,
      rated_user_id: bob.id,
      rating_value: 4.5,
      comment: 'Smooth swap, well packed.',
      rater: { user_id: alice.id, first_name: 'Alice' },
      shown: false,
    });
    // Hidden until Bob rates too: Alice sees hers waiting, Bob and Bob's page see nothing.
    const waiting = await h.api.get(`/api/rating/proposal/${id}`, alice.token);
    expect(waiting.body.data.ratings.map((r: { shown: boolean }) => r.shown)).toEqual([false]);
    expect((await h.api.get(`/api/rating/proposal/${id}`, bob.token)).body.data.ratings).toEqual(
      [],
    );
    expect((await h.api.get(`/api/rating/user/${bob.id}`)).body.data.count).toBe(0);
    const theirs = await ratingBy(bob, id, alice.id, 5, 'Great trader');
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.shown).toBe(true);

    const again = await ratingBy(alice, id, bob.id, 1, 'changed my mind');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already rated this exchange');

    const after = await h.api.get(`/api/exchange/proposal/${id}`, alice.token);
    expect(after.body.data).toMatchObject({ rated_by_me: true });
    expect(after.body.data.allowed_actions).not.toContain('rate');

    // A second trade of bob's, rated lower: the store page lists newest first, averages both.
    const second = await completedTrade(carol, bob);
    expect((await ratingBy(carol, second, bob.id, 3, 'Slow to ship')).status).toBe(201);
    expect((await ratingBy(bob, second, carol.id, 4)).status).toBe(201);

    const page = await h.api.get(`/api/rating/user/${bob.id}`); // public: no token
    expect(page.status).toBe(200);
    const shown = userRatingsResponse.parse(page.body.data);
    expect(shown).toMatchObject({ count: 2, average_rating: 3.8 });
    expect(shown.ratings.map((r) => [r.rater.first_name, r.rating_value, r.comment])).toEqual([
      ['Carol', 3, 'Slow to ship'],
      ['Alice', 4.5, 'Smooth swap, well packed.'],
    ]);
    const newest = await h.api.get(`/api/rating/user/${bob.id}?limit=1`);
    expect(newest.body.data.ratings.map((r: { rater_id: string }) => r.rater_id)).toEqual([
      carol.id,
    ]);
    expect(newest.body.data.count).toBe(2);
    expect((await h.api.get(`/api/rating/user/${bob.id}?limit=0`)).status).toBe(400);
    const none = await h.api.get(`/api/rating/user/${newMember().id}`);
    expect(none.body.data).toEqual({ ratings: [], average_rating: 0, count: 0 });

    // rating.created keyed by the rated member: bob's two, each once, counted in order.
    const bobs = await ratings.waitForCount(bob.id, 2);
    expect(bobs.map((e) => e.data)).toEqual([
      {
        ratingId: `${id}:${alice.id}`,
        proposalId: id,
        raterId: alice.id,
        ratedUserId: bob.id,
        ratingValue: 4.5,
        averageRating: 4.5,
        ratingCount: 1,
        summaryVersion: 1,
      },
      expect.objectContaining({
        raterId: carol.id,
        averageRating: 3.8,
        ratingCount: 2,
        summaryVersion: 2,
      }),
    ]);
    const alices = await ratings.waitForCount(alice.id, 1);
    expect(alices.map((e) => [e.data.ratingCount, e.data.averageRating])).toEqual([[1, 5]]);
    expect(ratings.keyOf(`${id}:${alice.id}`)).toBe(bob.id);
    expect(ratings.keyOf(`${id}:${bob.id}`)).toBe(alice.id);
  });

  it('shows a proposal’s ratings to its two parties only', async () => {
    const [s, r, stranger] = [newMember(), newMember(), newMember()];
    const id = await completedTrade(s, r);
    expect((await ratingBy(r, id, s.id, 4)).status).toBe(201);
    // Hidden from the other party until they rate too.
    const before = await h.api.get(`/api/rating/proposal/${id}`, s.token);
    expect(proposalRatingsResponse.parse(before.body.data).ratings).toEqual([]);
    expect((await ratingBy(s, id, r.id, 5)).status).toBe(201);

    for (const party of [s, r]) {
      const seen = await h.api.get(`/api/rating/proposal/${id}`, party.token);
      expect(seen.status).toBe(200);
      const body = proposalRatingsResponse.parse(seen.body.data);
      expect(body.ratings.map((x) => [x.rater_id, x.rated_user_id, x.rating_value])).toEqual([
        [s.id, r.id, 5],
        [r.id, s.id, 4],
      ]);
    }
    expect((await h.api.get(`/api/rating/proposal/${id}`, stranger.token)).status).toBe(403);
    expect((await h.api.get(`/api/rating/proposal/${id}`)).status).toBe(401);
    expect((await h.api.get(`/api/rating/proposal/nope-${s.id}`, s.token)).status).toBe(404);
  });

  it('refuses every rating that breaks a rule, with the status and field it names', async () => {
    const [s, r, stranger] = [newMember(), newMember(), newMember()];
    const id = await completedTrade(s, r);
    const body = (over: Record<string, unknown>) => ({
      proposal_id: id,
      rater_id: s.id,
      rated_user_id: r.id,
      rating_value: 4,
      comment: '',
      ...over,
    });

    expect((await rate(s, body({}), '')).status).toBe(401);
    // Someone else's id as the rater.
    const impostor = await rate(stranger, body({}));
    expect(impostor.status).toBe(403);
    // A member who was not in the trade, in their own name.
    expect((await rate(stranger, body({ rater_id: stranger.id }))).status).toBe(403);
    expect((await rate(s, body({ proposal_id: `gone-${s.id}` }))).status).toBe(404);

    for (const [over, field] of [
      [{ rated_user_id: s.id }, 'rated_user_id'],
      [{ rated_user_id: stranger.id }, 'rated_user_id'],
      [{ rating_value: 0 }, 'rating_value'],
      [{ rating_value: 5.5 }, 'rating_value'],
      [{ rating_value: 4.2 }, 'rating_value'],
      [{ rating_value: 'four' }, 'rating_value'],
      [{ rating_value: undefined }, 'rating_value'],
      [{ comment: 'x'.repeat(1001) }, 'comment'],
      [{ comment: 42 }, 'comment'],
      [{ proposal_id: undefined }, 'proposal_id'],
    ] as const) {
      const res = await rate(s, body(over));
      expect([JSON.stringify(over).slice(0, 60), res.status, res.body.field]).toEqual([
        JSON.stringify(over).slice(0, 60),
        400,
        field,
      ]);
    }
    // Nothing above was stored: the rater may still rate, with 1,000 characters after trimming.
    const fine = await rate(s, body({ rating_value: 1, comment: ` ${'x'.repeat(1000)} ` }));
    expect(fine.status).toBe(201);
    expect(fine.body.data.comment).toHaveLength(1000);
  });
});
