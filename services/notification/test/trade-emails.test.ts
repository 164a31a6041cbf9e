import { eventually, listMail, waitForMail } from '@swapbooth/test-kit';
import {
  newMember,
  newProposalId,
  proposalFacts,
  startNotification,
  type Member,
  type NotificationHarness,
} from './harness';

jest.setTimeout(90_000);

let h: NotificationHarness;
beforeAll(async () => {
  h = await startNotification();
});
afterAll(async () => {
  await h?.stop();
});

const mailsTo = async (m: Member, subject: RegExp) =>
  (await listMail()).filter(
    (x) => x.to.some((t) => t.address === m.email) && subject.test(x.subject),
  );

/** A member whose e-mail address notification has heard of. */
async function registered(): Promise<Member> {
  const m = newMember();
  await h.publish('user.registered', m.id, { userId: m.id, email: m.email, authMethod: 'email' });
  await eventually(async () => (await h.service.deps.members.get(m.id)).email === m.email, 20_000);
  return m;
}

const tradeCall = (m: Member, kind: string, proposalId: string) =>
  h.call('POST', `/api/trade-notifications/${kind}`, m.token, { proposalId });

describe('trade e-mails', () => {
  it('e-mails the receiver of a proposal, gated for a non-subscriber, with links to review it', async () => {
    const s = await registered();
    const r = await registered();
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    const mail = await waitForMail(r.email, /New exchange proposal/);
    expect(mail.text).toContain(
      'Someone sent a proposal for your listing/s. Subscribe to view details',
    );
    expect(mail.text).toContain(`http://app.test/proposal/${id}/review/accept`);
    expect(mail.html).toContain(`http://app.test/proposal/${id}/review/reject`);
    expect(await mailsTo(s, /New exchange proposal/)).toEqual([]);
  });

  it('sends the accepted e-mail once when the client’s call races the event, and nothing more after it', async () => {
    const s = await registered();
    const r = await registered();
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    await waitForMail(r.email, /New exchange proposal/);
    // The receiver asks before the proposal is accepted: nothing to send yet.
    expect((await tradeCall(r, 'exchange-accepted', id)).status).toBe(409);
    await h.publish('proposal.accepted', id, proposalFacts(id, s, r, r.id));
    const calls = await eventually(async () => {
      const res = await tradeCall(r, 'exchange-accepted', id);
      return res.status === 200 ? res : undefined;
    }, 20_000);
    expect([0, 1]).toContain(calls.body.data.sent);
    const mail = await waitForMail(s.email, /accepted/);
    expect(mail.text).toContain(`http://app.test/proposal/${id}`);
    expect((await tradeCall(s, 'exchange-accepted', id)).body.data.sent).toBe(0);
    await h.publish('proposal.completed', id, proposalFacts(id, s, r, r.id));
    await waitForMail(s.email, /complete/);
    await waitForMail(r.email, /complete/);
    expect((await tradeCall(r, 'exchange-completed', id)).body.data.sent).toBe(0);
    expect(await mailsTo(s, /accepted/)).toHaveLength(1);
    expect(await mailsTo(r, /accepted/)).toHaveLength(0);
    expect(await mailsTo(s, /complete/)).toHaveLength(1);
    expect(await mailsTo(r, /complete/)).toHaveLength(1);
  });

  it('sends nothing more when the client asks for the proposal e-mail the event already sent', async () => {
    const s = await registered();
    const r = await registered();
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    const sent = await eventually(async () => {
      const res = await tradeCall(s, 'exchange-received', id);
      return res.status === 200 ? res : undefined;
    }, 20_000);
    expect([0, 1]).toContain(sent.body.data.sent);
    await waitForMail(r.email, /New exchange proposal/);
    await h.publish('proposal.rejected', id, proposalFacts(id, s, r, r.id));
    await eventually(
      async () => (await h.service.deps.proposals.get(id))?.status === 'rejected',
      20_000,
    );
    expect(await mailsTo(r, /New exchange proposal/)).toHaveLength(1);
  });

  it('refuses a client call from someone not in the proposal', async () => {
    const s = await registered();
    const r = await registered();
    const stranger = await registered();
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    await waitForMail(r.email, /New exchange proposal/);
    for (const kind of ['exchange-received', 'exchange-accepted', 'exchange-completed']) {
      expect((await tradeCall(stranger, kind, id)).status).toBe(403);
    }
    expect(
      (
        await h.call('POST', '/api/trade-notifications/subscription', stranger.token, {
          userId: r.id,
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.call('POST', '/api/trade-notifications/exchange-received', stranger.token, {}))
        .status,
    ).toBe(400);
    expect(await mailsTo(stranger, /.*/)).toEqual([]);
  });

  it('sends no e-mail of a kind the member turned off', async () => {
    const s = await registered();
    const r = await registered();
    const off = await h.call('PUT', '/api/notifications/settings', r.token, {
      email: { 'exchange-received': false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.email).toMatchObject({ 'exchange-received': false, subscription: true });
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    // The subscription e-mail after it shows the proposal was handled meanwhile.
    await h.publish('subscription.changed', r.id, {
      userId: r.id,
      status: 'active',
      subscriptionId: 'sub_1',
    });
    const sub = await waitForMail(r.email, /subscription/);
    expect(sub.text).toContain('Your subscription is active');
    await eventually(async () => (await h.service.deps.proposals.get(id)) !== null, 20_000);
    expect(await mailsTo(r, /New exchange proposal/)).toEqual([]);
    expect(
      (await h.call('POST', '/api/trade-notifications/subscription', r.token, {})).body.data.sent,
    ).toBe(0);
    expect(
      (await h.call('PUT', '/api/notifications/settings', r.token, { email: { spam: true } }))
        .status,
    ).toBe(400);
  });
});
