import { apiFailure, checkResponse, exchangeEndpoints } from '@swapbooth/contracts';
import { newMember, startExchange, type Harness } from './support/harness';
import { counter, listingsOf, propose, setStatus, ship, subscribe } from './support/fixtures';
import type { Reply } from '@swapbooth/test-kit';

let h: Harness;
/** Moved forward to pass a shipping deadline without waiting. */
let shift = 0;
beforeAll(async () => {
  h = await startExchange({}, { now: () => new Date(Date.now() + shift) });
});
afterAll(async () => {
  await h?.stop();
});

type Endpoint = keyof typeof exchangeEndpoints;
const checked = new Set<Endpoint>();
/** The answer's `data`, after checking it against the endpoint's contract. */
function check<K extends Endpoint>(key: K, answer: Reply) {
  checked.add(key);
  return checkResponse(exchangeEndpoints, key, answer);
}

describe('exchange answers', () => {
  it('match their contracts on every endpoint, in every state and for both roles', async () => {
    const [s, r] = [newMember(), newMember()];
    await subscribe(h, r);
    await h.tap.publish('user.profile-updated', s.id, {
      userId: s.id,
      firstName: 'Sam',
      lastName: 'Sender',
      username: 'sam',
      profileImage: 'https://img.test/sam.png',
      version: 1,
    });
    const [want, want2] = await listingsOf(h, r, 2);
    const [give] = await listingsOf(h, s, 1);

    const created = check(
      'POST /api/exchange/proposal',
      await propose(h, s, r, { requested: [want!], offered: [give!], deposit_amount: 2.5 }),
    );
    const id = created.proposal_id;
    check(
      'GET /api/exchange/proposal/{id}',
      await h.api.get(`/api/exchange/proposal/${id}`, r.token),
    );
    check(
      'POST /api/exchange/proposal/{id}/counter',
      await counter(h, r, id, {
        requestedProductIds: [want!.id, want2!.id],
        offeredProductIds: [give!.id],
      }),
    );
    check('PUT /api/exchange/proposal/{id}/status', await setStatus(h, s, id, 'accepted'));
    check(
      'PUT /api/exchange/proposal/{id}/shipping-status',
      await ship(h, s, id, 'sender', 'shipped', { trackingNote: 'Post 1' }),
    );
    await ship(h, r, id, 'receiver', 'shipped');
    const confirmed = check(
      'POST /api/exchange/proposal/{id}/confirm',
      await h.api.post(`/api/exchange/proposal/${id}/confirm`, {}, r.token),
    );
    expect(confirmed.deadlines.sender.confirmed).toBe(true);
    await ship(h, r, id, 'sender', 'delivered');
    const done = check(
      'PUT /api/exchange/proposal/{id}/shipping-status',
      await ship(h, s, id, 'receiver', 'delivered'),
    );
    expect(done.status).toBe('completed');

    for (const m of [s, r]) {
      const page = check(
        'GET /api/exchange/user/{id}/proposals',
        await h.api.get(`/api/exchange/user/${m.id}/proposals`, m.token),
      );
      expect(page.proposals).toHaveLength(1);
    }
    const byListing = check(
      'GET /api/exchange/proposal/product/{id}',
      await h.api.get(`/api/exchange/proposal/product/${want!.id}`, r.token),
    );
    expect(byListing.counts.acceptedItems).toBe(1);
    check('GET /api/exchange/user/{id}/stats', await h.api.get(`/api/exchange/user/${s.id}/stats`));

    // The locked view of a receiver without a subscription keeps the contract too.
    const outsider = newMember();
    const [theirs] = await listingsOf(h, outsider, 1);
    const [mine] = await listingsOf(h, s, 1);
    const lockedId = check(
      'POST /api/exchange/proposal',
      await propose(h, s, outsider, { requested: [theirs!], offered: [mine!] }),
    ).proposal_id;
    const locked = check(
      'GET /api/exchange/proposal/{id}',
      await h.api.get(`/api/exchange/proposal/${lockedId}`, outsider.token),
    );
    expect(locked.details_locked).toBe(true);

    // Ratings, after the completed exchange.
    check(
      'POST /api/rating',
      await h.api.post(
        '/api/rating',
        {
          proposal_id: id,
          rater_id: s.id,
          rated_user_id: r.id,
          rating_value: 4.5,
          comment: 'Smooth',
        },
        s.token,
      ),
    );
    check(
      'PUT /api/rating/{id}',
      await h.api.put(
        `/api/rating/${id}:${s.id}`,
        { rating_value: 5, comment: 'Smooth!' },
        s.token,
      ),
    );
    await h.api.post(
      '/api/rating',
      { proposal_id: id, rater_id: r.id, rated_user_id: s.id, rating_value: 5, comment: '' },
      r.token,
    );
    check(
      'POST /api/rating/{id}/answer',
      await h.api.post(`/api/rating/${id}:${s.id}/answer`, { comment: 'Thanks!' }, r.token),
    );
    check('GET /api/rating/user/{id}', await h.api.get(`/api/rating/user/${r.id}`));
    check('GET /api/rating/proposal/{id}', await h.api.get(`/api/rating/proposal/${id}`, s.token));
    const rated = check(
      'GET /api/exchange/proposal/{id}',
      await h.api.get(`/api/exchange/proposal/${id}`, s.token),
    );
    expect(rated).toMatchObject({ rated_by_me: true, allowed_actions: [] });

    // A partner late to ship: the other party extends the deadline once.
    const [want3] = await listingsOf(h, r, 1);
    const [give3] = await listingsOf(h, s, 1);
    const lateId = check(
      'POST /api/exchange/proposal',
      await propose(h, s, r, { requested: [want3!], offered: [give3!] }),
    ).proposal_id;
    await setStatus(h, r, lateId, 'accepted');
    shift += 6 * 24 * 3600_000;
    const extended = check(
      'POST /api/exchange/proposal/{id}/extend',
      await h.api.post(`/api/exchange/proposal/${lateId}/extend`, { type: 'sender' }, r.token),
    );
    expect(extended.deadlines.sender.extended).toBe(true);

    expect([...checked].sort()).toEqual(Object.keys(exchangeEndpoints).sort());
  });

  it('answers failures in the failure envelope', async () => {
    const m = newMember();
    for (const res of [
      await h.api.get('/api/exchange/proposal/missing', m.token),
      await h.api.post('/api/exchange/proposal', { receiverId: 'x' }, m.token),
      await h.api.get(`/api/exchange/user/${m.id}/proposals`),
    ]) {
      expect(apiFailure.safeParse(res.body).success).toBe(true);
    }
  });
});
