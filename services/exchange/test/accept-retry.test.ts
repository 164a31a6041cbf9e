import { newMember, startExchange, type Harness } from './support/harness';
import { listingsOf, proposed, setStatus, subscribe } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startExchange();
});
afterAll(async () => {
  await h?.stop();
});

describe('accepting again', () => {
  it('answers the accepting party 200 with the accepted proposal (a retry after a lost answer) and announces the acceptance once', async () => {
    const [r, s] = [newMember(), newMember()];
    await subscribe(h, r);
    const [lamp] = await listingsOf(h, r, 1);
    const [book] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [lamp!], offered: [book!] });

    const first = await setStatus(h, r, p.proposal_id, 'accepted');
    expect(first.status).toBe(200);
    const again = await setStatus(h, r, p.proposal_id, 'accepted');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ proposal_id: p.proposal_id, status: 'accepted' });

    // The other party cannot accept what they proposed, accepted or not.
    const bySender = await setStatus(h, s, p.proposal_id, 'accepted');
    expect(bySender.status).toBe(409);
    expect(bySender.body.message).toMatch(/^The proposal is accepted/);

    // An event after the repeat, on the same proposal's key: everything before it has arrived.
    expect((await setStatus(h, s, p.proposal_id, 'cancelled')).status).toBe(200);
    await h.tap.waitFor('proposal.cancelled', (d) => d.proposalId === p.proposal_id);
    expect(h.tap.all('proposal.accepted', (d) => d.proposalId === p.proposal_id)).toHaveLength(1);
  });
});
