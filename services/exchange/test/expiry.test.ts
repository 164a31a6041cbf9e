import { newMember, startExchange, type Harness } from './support/harness';
import { counter, listingsOf, proposed, setStatus, subscribe } from './support/fixtures';

let h: Harness;
/**
 * The service's clock, which the tests move past a proposal's period instead of waiting it out
 * (as the trade clocks' tests do).
 */
let shift = 0;
const now = () => new Date(Date.now() + shift);
const TTL_MS = 3000;
const periodPasses = () => {
  shift += TTL_MS + 1000;
};
beforeAll(async () => {
  // Proposals expire after 3 seconds here (14 days by default), swept every 300 ms.
  h = await startExchange(
    { PROPOSAL_TTL_HOURS: String(3 / 3600), PROPOSAL_SWEEP_MS: '300' },
    { now },
  );
});
afterAll(async () => {
  await h?.stop();
});

const get = async (id: string, token: string) =>
  (await h.api.get(`/api/exchange/proposal/${id}`, token)).body.data;

describe('expiry', () => {
  it('expires an unanswered proposal, tells its parties, and refuses answers afterwards', async () => {
    const [s, r] = [newMember(), newMember()];
    await subscribe(h, r);
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    const ttl = Date.parse(p.expires_at) - Date.parse(p.created_at);
    expect(ttl).toBe(3000);

    periodPasses();
    const expired = await h.tap.waitFor('proposal.expired', (d) => d.proposalId === p.proposal_id);
    expect(expired.data).toMatchObject({ senderId: s.id, receiverId: r.id, status: 'expired' });
    expect(await get(p.proposal_id, s.token)).toMatchObject({
      status: 'expired',
      expires_at: null,
      allowed_actions: [],
    });
    const late = await setStatus(h, r, p.proposal_id, 'accepted');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/expired/);
  });

  it('gives each counter a fresh period and never expires an accepted exchange', async () => {
    const [s, r] = [newMember(), newMember()];
    await subscribe(h, r);
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    const c = await counter(h, r, p.proposal_id, {
      requestedProductIds: [want!.id],
      offeredProductIds: [give!.id],
      deposit_amount: 1,
    });
    expect(Date.parse(c.body.data.expires_at)).toBeGreaterThan(Date.parse(p.expires_at));
    expect((await setStatus(h, s, p.proposal_id, 'accepted')).status).toBe(200);
    // A proposal made after the counter falls due later; once the sweeper expired it, the
    // accepted exchange's old period is long past too.
    const [want2] = await listingsOf(h, r, 1);
    const [give2] = await listingsOf(h, s, 1);
    const control = await proposed(h, s, r, { requested: [want2!], offered: [give2!] });
    expect(Date.parse(control.expires_at)).toBeGreaterThan(Date.parse(c.body.data.expires_at));
    periodPasses();
    await h.tap.waitFor('proposal.expired', (d) => d.proposalId === control.proposal_id);
    expect((await get(p.proposal_id, s.token)).status).toBe('accepted');
    expect(h.tap.all('proposal.expired', (d) => d.proposalId === p.proposal_id)).toHaveLength(0);
  });
});
