import { ratingResponse, userRatingsResponse } from '@swapbooth/contracts';
import { Api } from '@swapbooth/test-kit';
import {
  dropIsolated,
  isolatedEnv,
  newAdmin,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from '../../admin/test/support/harness';
import { startWithSeededProposals, type SeededHarness } from './ratings-support';
import { newMember, type Member } from './support/harness';

/**
 * Honest reviews: a rating is hidden until both parties rated or the rating window closed (14
 * days after completion, driven here by an injected clock), then both are shown at once; a shown
 * rating cannot be changed; the member rated answers once; a disputed exchange waits; an admin with
 * the reports permission removes a rating that breaks the rules, audited.
 */

const DAY = 24 * 3600_000;

let h: SeededHarness;
let admin: AdminService;
let adminApi: Api;
const adminEnv = isolatedEnv();
let moderator: SignedInAdmin;
let listingsOnly: SignedInAdmin;

beforeAll(async () => {
  h = await startWithSeededProposals();
  admin = await startAdmin({ ...adminEnv, EXCHANGE_URL: h.url });
  adminApi = new Api(admin.url);
  moderator = await newAdmin(admin, 'staff', 'reports');
  listingsOnly = await newAdmin(admin, 'staff', 'products');
});

afterAll(async () => {
  await admin?.stop();
  await dropIsolated(adminEnv);
  await h?.stop();
});

/** The ratings module's clock, moved by the test (the reveal sweep reads it too). */
function clockAt(at: Date): void {
  h.service.deps.ratings.now = () => at;
}
afterEach(() => {
  h.service.deps.ratings.now = () => new Date();
});

const rate = (rater: Member, proposalId: string, rated: Member, value: number, comment = '') =>
  h.api.post(
    '/api/rating',
    {
      proposal_id: proposalId,
      rater_id: rater.id,
      rated_user_id: rated.id,
      rating_value: value,
      comment,
    },
    rater.token,
  );
const ofProposal = async (proposalId: string, viewer: Member) => {
  const res = await h.api.get(`/api/rating/proposal/${proposalId}`, viewer.token);
  expect(res.status).toBe(200);
  return (res.body.data.ratings as unknown[]).map((r) => ratingResponse.parse(r));
};
const page = async (userId: string) =>
  userRatingsResponse.parse((await h.api.get(`/api/rating/user/${userId}`)).body.data);

describe('honest reviews', () => {
  it('hides the first rating from all but its rater, and shows both at once when the other rates', async () => {
    const [alice, bob] = [newMember(), newMember()];
    const id = h.proposals.add(alice.id, bob.id, 'completed', new Date());

    const first = await rate(alice, id, bob, 2, 'Took three weeks to ship');
    expect(first.status).toBe(201);
    expect(ratingResponse.parse(first.body.data)).toMatchObject({
      shown: false,
      visible_at: expect.any(String),
    });
    expect((await ofProposal(id, alice)).map((r) => [r.rater_id, r.shown])).toEqual([
      [alice.id, false],
    ]);
    expect(await ofProposal(id, bob)).toEqual([]);
    expect(await page(bob.id)).toMatchObject({ count: 0, ratings: [] });
    // Bob cannot even learn that it exists by answering it.
    const probe = await h.api.post(
      `/api/rating/${id}:${alice.id}/answer`,
      { comment: '?' },
      bob.token,
    );
    expect(probe.status).toBe(404);

    expect((await rate(bob, id, alice, 5, 'Lovely trader')).status).toBe(201);
    for (const viewer of [alice, bob]) {
      expect(
        (await ofProposal(id, viewer)).map((r) => [r.rater_id, r.shown, r.visible_at]),
      ).toEqual(
        expect.arrayContaining([
          [alice.id, true, null],
          [bob.id, true, null],
        ]),
      );
    }
    expect(await page(bob.id)).toMatchObject({ count: 1, average_rating: 2 });
    expect(await page(alice.id)).toMatchObject({ count: 1, average_rating: 5 });
    // rating.created for each, only now that they are shown.
    const [aboutBob] = await h.ratings.waitForCount(bob.id, 1);
    const [aboutAlice] = await h.ratings.waitForCount(alice.id, 1);
    expect([aboutBob!.data.raterId, aboutAlice!.data.raterId]).toEqual([alice.id, bob.id]);
  });

  it('shows a lone rating 14 days after completion, by the injected clock, and takes none after', async () => {
    const [alice, bob] = [newMember(), newMember()];
    const completedAt = new Date();
    const id = h.proposals.add(alice.id, bob.id, 'completed', completedAt);
    expect((await rate(alice, id, bob, 4, 'Fine')).status).toBe(201);

    clockAt(new Date(completedAt.getTime() + 13 * DAY));
    await h.service.deps.ratings.revealDue();
    expect(await ofProposal(id, bob)).toEqual([]);
    expect((await page(bob.id)).count).toBe(0);

    clockAt(new Date(completedAt.getTime() + 14 * DAY + 1000));
    // Shown to the other party at once (read rule), and in the average after the sweep.
    expect((await ofProposal(id, bob)).map((r) => [r.rater_id, r.shown])).toEqual([
      [alice.id, true],
    ]);
    await h.service.deps.ratings.revealDue();
    expect(await page(bob.id)).toMatchObject({ count: 1, average_rating: 4 });
    const events = await h.ratings.waitForCount(bob.id, 1);
    expect(events.map((e) => e.data.ratingCount)).toEqual([1]);

    // Bob reads it, and would answer in kind: the window has closed.
    const late = await rate(bob, id, alice, 1, 'Revenge');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^The time to rate this exchange ended on \d{4}-\d\d-\d\d$/);
    expect(await ofProposal(id, alice)).toHaveLength(1);
  });

  it('lets its rater change a hidden rating, and refuses a change once it is shown (409)', async () => {
    const [alice, bob] = [newMember(), newMember()];
    const id = h.proposals.add(alice.id, bob.id, 'completed', new Date());
    expect((await rate(alice, id, bob, 2, 'meh')).status).toBe(201);
    const ratingId = `${id}:${alice.id}`;

    const changed = await h.api.put(
      `/api/rating/${ratingId}`,
      { rating_value: 3.5, comment: 'ok after all' },
      alice.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      rating_value: 3.5,
      comment: 'ok after all',
      shown: false,
    });
    expect(
      (await h.api.put(`/api/rating/${ratingId}`, { rating_value: 5 }, bob.token)).status,
    ).toBe(403);
    expect(
      (await h.api.put(`/api/rating/${ratingId}`, { rating_value: 4.2 }, alice.token)).status,
    ).toBe(400);

    expect((await rate(bob, id, alice, 5)).status).toBe(201);
    const late = await h.api.put(
      `/api/rating/${ratingId}`,
      { rating_value: 5, comment: 'great!' },
      alice.token,
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A rating cannot be changed once it is shown');
    expect(await page(bob.id)).toMatchObject({ count: 1, average_rating: 3.5 });
    expect((await page(bob.id)).ratings[0]).toMatchObject({ comment: 'ok after all' });
  });

  it('lets the member rated answer a shown rating once, publicly', async () => {
    const [alice, bob] = [newMember(), newMember()];
    const id = h.proposals.add(alice.id, bob.id, 'completed', new Date());
    expect((await rate(alice, id, bob, 2, 'Arrived damaged')).status).toBe(201);
    expect((await rate(bob, id, alice, 5)).status).toBe(201);
    const ratingId = `${id}:${alice.id}`;

    const answer = (m: Member, comment: string) =>
      h.api.post(`/api/rating/${ratingId}/answer`, { comment }, m.token);
    expect((await answer(alice, 'me too')).status).toBe(403);
    expect((await answer(bob, '   ')).status).toBe(400);
    const answered = await answer(bob, ' Sorry: the carrier dropped it. ');
    expect(answered.status).toBe(201);
    expect(answered.body.data.answer).toEqual({
      comment: 'Sorry: the carrier dropped it.',
      created_at: expect.any(String),
    });
    const again = await answer(bob, 'And another thing');
    expect([again.status, again.body.message]).toEqual([409, 'You already answered this rating']);

    // Under the rating on Bob's page (public) and on the proposal.
    expect((await page(bob.id)).ratings[0]?.answer?.comment).toBe('Sorry: the carrier dropped it.');
    const seen = await ofProposal(id, alice);
    expect(seen.find((r) => r.rater_id === alice.id)?.answer?.comment).toBe(
      'Sorry: the carrier dropped it.',
    );
  });

  it('refuses to rate a disputed exchange until the dispute closes (409)', async () => {
    const [alice, bob] = [newMember(), newMember()];
    const id = h.proposals.add(alice.id, bob.id, 'disputed');
    const early = await rate(alice, id, bob, 1, 'Never arrived');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'This exchange is disputed; it can be rated once the dispute is closed',
    );
    const rated = await h.api.get(`/api/rating/proposal/${id}`, alice.token);
    expect(rated.body.data.ratings).toEqual([]);

    h.proposals.set(id, 'completed', new Date());
    expect((await rate(alice, id, bob, 3, 'Sorted out in the end')).status).toBe(201);
  });

  it('lets an admin with the reports permission remove a rating, audited; others are refused', async () => {
    const [alice, bob, carol] = [newMember(), newMember(), newMember()];
    const p1 = h.proposals.add(alice.id, bob.id, 'completed', new Date());
    const p2 = h.proposals.add(carol.id, bob.id, 'completed', new Date());
    await rate(alice, p1, bob, 1, 'Insulting words');
    await rate(bob, p1, alice, 4);
    await rate(carol, p2, bob, 5);
    await rate(bob, p2, carol, 5);
    expect(await page(bob.id)).toMatchObject({ count: 2, average_rating: 3 });
    const ratingId = `${p1}:${alice.id}`;

    const listed = await adminApi.get(`/api/admin/ratings/user/${bob.id}`, moderator.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.ratings.map((r: { rating_id: string }) => r.rating_id)).toContain(
      ratingId,
    );

    const remove = (token: string, reason = 'Abusive language') =>
      adminApi.call('DELETE', `/api/admin/ratings/${ratingId}`, { token, body: { reason } });
    // Deny by default: no token, a member's, an admin without the area; exchange checks again.
    expect(
      (await adminApi.call('DELETE', `/api/admin/ratings/${ratingId}`, { body: { reason: 'x' } }))
        .status,
    ).toBe(401);
    expect((await remove(alice.token)).status).toBe(401);
    expect((await remove(listingsOnly.token)).status).toBe(403);
    expect(
      (
        await h.api.call('DELETE', `/internal/ratings/${ratingId}`, {
          token: listingsOnly.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.api.call('DELETE', `/internal/ratings/${ratingId}`, {
          token: alice.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(401);
    expect((await remove(moderator.token, '')).status).toBe(400);
    expect(await page(bob.id)).toMatchObject({ count: 2 });

    const done = await remove(moderator.token);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      rating_id: ratingId,
      status: 'removed',
      rated_user_id: bob.id,
      rater_id: alice.id,
      audit_id: expect.any(String),
    });
    // Off every page and out of the average; the other rating of the trade stays.
    expect(await page(bob.id)).toMatchObject({ count: 1, average_rating: 5 });
    expect((await page(bob.id)).ratings.map((r) => r.rater_id)).toEqual([carol.id]);
    expect((await ofProposal(p1, bob)).map((r) => r.rater_id)).toEqual([bob.id]);
    expect((await remove(moderator.token)).status).toBe(409);

    const auditor = await newAdmin(admin, 'executive');
    const audit = await adminApi.get(
      `/api/admin/audit?action=rating.removed&target_id=${encodeURIComponent(ratingId)}`,
      auditor.token,
    );
    expect(audit.status).toBe(200);
    const entries = audit.body.data.entries as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.outcome).sort()).toEqual(['failed', 'succeeded']);
    expect(entries.find((e) => e.outcome === 'succeeded')).toMatchObject({
      admin_id: moderator.id,
      target_type: 'rating',
      target_id: ratingId,
      reason: 'Abusive language',
      before: expect.objectContaining({ rating_value: 1, comment: 'Insulting words' }),
      after: { status: 'removed' },
    });
  });
});
