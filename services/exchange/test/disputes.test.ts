import { randomUUID } from 'node:crypto';
import { adminDisputeResponse, disputeResponse, type EventData } from '@swapbooth/contracts';
import { Api, eventually, type Loose } from '@swapbooth/test-kit';
import {
  dropIsolated,
  isolatedEnv,
  newAdmin,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from '../../admin/test/support/harness';
import { startChat, type ChatHarness } from '../../chat/test/harness';
import { sweepDue } from '../src/shared/domain/due-work';
import { decideStep } from '../src/disputes/domain/dispute';
import { mutateDispute } from '../src/disputes/domain/disputes';
import { newMember, startExchange, type Harness, type Member } from './support/harness';
import { listingsOf, proposed, setStatus, subscribe, type TestListing } from './support/fixtures';

let h: Harness;
let chat: ChatHarness;
let admin: AdminService;
let adminApi: Api;
const adminEnv = isolatedEnv();
let disputesAdmin: SignedInAdmin;
let usersAdmin: SignedInAdmin;

beforeAll(async () => {
  h = await startExchange();
  chat = await startChat();
  admin = await startAdmin({ ...adminEnv, EXCHANGE_URL: h.url, CHAT_URL: chat.url });
  adminApi = new Api(admin.url);
  disputesAdmin = await newAdmin(admin, 'staff', 'disputes');
  usersAdmin = await newAdmin(admin, 'staff', 'users');
});
afterAll(async () => {
  await admin?.stop();
  await dropIsolated(adminEnv);
  await chat?.stop();
  await h?.stop();
});

interface Trade {
  id: string;
  s: Member;
  r: Member;
  want: TestListing;
  give: TestListing;
}

/** An accepted exchange: `s` offers `give` for `r`'s `want`. */
async function accepted(): Promise<Trade> {
  const [s, r] = [newMember(), newMember()];
  await subscribe(h, r);
  const [want] = await listingsOf(h, r, 1);
  const [give] = await listingsOf(h, s, 1);
  const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
  expect((await setStatus(h, r, p.proposal_id, 'accepted')).status).toBe(200);
  return { id: p.proposal_id, s, r, want: want!, give: give! };
}

/** A photo's key on the private path (catalog's `dispute-photos` folder, the uploader's own). */
const photoOf = (m: Member) => `dispute-photos/${m.id}/${randomUUID()}.jpg`;

const report = (t: Trade, m: Member, body: Loose = {}) =>
  h.api.post(
    `/api/exchange/proposal/${t.id}/dispute`,
    {
      reason: 'not_as_described',
      description: 'The lamp has a crack the photos did not show',
      photos: [photoOf(m)],
      ...body,
    },
    m.token,
  );

const step = (t: Trade, m: Member, s: string, message?: string) =>
  h.api.post(
    `/api/exchange/proposal/${t.id}/dispute/steps`,
    { step: s, ...(message ? { message } : {}) },
    m.token,
  );

const statusOf = async (t: Trade) =>
  (await h.api.get(`/api/exchange/proposal/${t.id}`, t.s.token)).body.data.status as string;

const held = async (listingId: string) =>
  (await h.service.deps.reservations.find(listingId))?.proposalId;

const adminGet = (path: string, a: SignedInAdmin) => adminApi.get(path, a.token);
const resolve = (disputeId: string, a: SignedInAdmin, body: Loose) =>
  adminApi.post(`/api/admin/disputes/${disputeId}/resolve`, body, a.token);

describe('a party reports a problem', () => {
  it('makes the exchange disputed with its listings still reserved; a return the other party accepts cancels it and releases them', async () => {
    const t = await accepted();
    const opened = await report(t, t.s);
    expect(opened.status).toBe(201);
    const d = disputeResponse.parse(opened.body.data);
    expect(d).toMatchObject({
      proposal_id: t.id,
      opened_by: t.s.id,
      respondent_id: t.r.id,
      reason: 'not_as_described',
      status: 'open',
      allowed_steps: ['escalate'],
    });
    expect(d.photos).toHaveLength(1);
    expect(Date.parse(d.answer_due_at!) - Date.parse(d.created_at)).toBe(72 * 3600_000);
    expect(await statusOf(t)).toBe('disputed');
    expect(await held(t.want.id)).toBe(t.id);
    const ev = await h.tap.waitFor('dispute.opened', (x) => x.proposalId === t.id);
    expect(ev.data).toMatchObject({ openedBy: t.s.id, respondentId: t.r.id, status: 'open' });
    expect(ev.data).not.toHaveProperty('description');
    // The photos' keys, for catalog to let both parties read them (a key alone reads nothing).
    expect(ev.data.photoKeys).toEqual(d.photos);

    // Nothing of the exchange moves while disputed.
    const shipping = await h.api.put(
      `/api/exchange/proposal/${t.id}/shipping-status`,
      { status: 'shipped', type: 'sender', userId: t.s.id },
      t.s.token,
    );
    expect(shipping.status).toBe(409);

    const theirs = await h.api.get(`/api/exchange/proposal/${t.id}/dispute`, t.r.token);
    expect(theirs.body.data.allowed_steps).toEqual([
      'accept_return',
      'propose_remedy',
      'contest',
      'escalate',
    ]);
    const agreed = await step(t, t.r, 'accept_return', 'Send it back, sorry');
    expect(agreed.status).toBe(200);
    expect(agreed.body.data).toMatchObject({
      status: 'closed',
      outcome: 'cancelled',
      closed_by: 'agreement',
      favouring: t.s.id,
      allowed_steps: [],
      answer_due_at: null,
    });
    expect(await statusOf(t)).toBe('cancelled');
    const cancelled = await h.tap.waitFor('proposal.cancelled', (x) => x.proposalId === t.id);
    expect(cancelled.data).toMatchObject({ previousStatus: 'accepted', reason: 'dispute' });
    expect(await held(t.want.id)).toBeUndefined();
    expect(await held(t.give.id)).toBeUndefined();
    await h.tap.waitFor('dispute.resolved', (x) => x.proposalId === t.id);
  });

  it('completes the exchange when the opener agrees to the remedy proposed', async () => {
    const t = await accepted();
    expect((await report(t, t.r, { reason: 'damaged', photos: [] })).status).toBe(201);
    const offer = await step(t, t.s, 'propose_remedy', 'I will send the missing cable');
    expect(offer.body.data).toMatchObject({
      status: 'answered',
      remedy: 'I will send the missing cable',
    });
    await h.tap.waitFor('dispute.answered', (x) => x.proposalId === t.id);
    const mine = await h.api.get(`/api/exchange/proposal/${t.id}/dispute`, t.r.token);
    expect(mine.body.data.allowed_steps).toEqual(['accept_remedy', 'escalate']);
    const done = await step(t, t.r, 'accept_remedy');
    expect(done.body.data).toMatchObject({ status: 'closed', outcome: 'completed' });
    expect(await statusOf(t)).toBe('completed');
    await h.tap.waitFor('proposal.completed', (x) => x.proposalId === t.id);
    expect(done.body.data.statements.map((s: Loose) => s.kind)).toEqual([
      'report',
      'propose_remedy',
      'accept_remedy',
    ]);
  });

  it('refuses outsiders, exchanges not accepted, a second report, photos not the reporter’s own, and steps out of turn', async () => {
    const t = await accepted();
    const stranger = newMember();
    expect((await report(t, stranger)).status).toBe(403);
    expect((await report(t, t.s, { photos: [photoOf(t.r)] })).status).toBe(400);
    // A public image is not a dispute photo: photos take the private path only.
    const publicImage = `https://img.test/products/${t.s.id}/${randomUUID()}.jpg`;
    expect((await report(t, t.s, { photos: [publicImage] })).status).toBe(400);
    expect(
      (await report(t, t.s, { photos: Array.from({ length: 6 }, () => photoOf(t.s)) })).status,
    ).toBe(400);
    expect((await report(t, t.s, { reason: 'bored' })).status).toBe(400);
    expect(await statusOf(t)).toBe('accepted');

    expect((await report(t, t.s)).status).toBe(201);
    const again = await report(t, t.r);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already being handled/);
    const outOfTurn = await step(t, t.s, 'accept_return');
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body.message).toMatch(/allowed steps: escalate/);
    expect((await step(t, stranger, 'contest')).status).toBe(403);
    expect((await h.api.get(`/api/exchange/proposal/${t.id}/dispute`, stranger.token)).status).toBe(
      403,
    );

    const [s2, r2] = [newMember(), newMember()];
    await subscribe(h, r2);
    const [w2] = await listingsOf(h, r2, 1);
    const [g2] = await listingsOf(h, s2, 1);
    const open = await proposed(h, s2, r2, { requested: [w2!], offered: [g2!] });
    const pending = await h.api.post(
      `/api/exchange/proposal/${open.proposal_id}/dispute`,
      { reason: 'other', description: 'x' },
      s2.token,
    );
    expect(pending.status).toBe(409);
  });
  it('settles, by the sweep and once, the exchange of a dispute closed by a request that stopped before settling it', async () => {
    const t = await accepted();
    const d = (await report(t, t.s)).body.data;
    const deps = h.service.deps.disputes;
    // The respondent's agreement is stored, and the request stops there.
    await mutateDispute(deps, d.dispute_id, (x) =>
      decideStep(x, t.r.id, 'accept_return', undefined, new Date()),
    );
    expect(await statusOf(t)).toBe('disputed');
    const sweep = (at: Date) =>
      sweepDue([deps.settleWork], { now: () => at, logger: h.service.deps.logger });
    // Within the grace period the request may still be settling it: left alone.
    expect((await sweep(new Date()))['disputes-settled']).toBe(0);
    expect((await sweep(new Date(Date.now() + 120_000)))['disputes-settled']).toBe(1);
    expect(await statusOf(t)).toBe('cancelled');
    expect(await held(t.want.id)).toBeUndefined();
    expect((await sweep(new Date(Date.now() + 240_000)))['disputes-settled']).toBe(0);
    await h.tap.waitFor('proposal.cancelled', (x) => x.proposalId === t.id);
    expect(h.tap.all('proposal.cancelled', (x) => x.proposalId === t.id)).toHaveLength(1);
  });
});

describe('Swapbooth steps in', () => {
  it('takes a contested dispute to an admin with only the disputes area, who reads it with the chat (audited) and resolves it for one party', async () => {
    const t = await accepted();
    // Chat heard of the exchange and the parties wrote to each other.
    const facts: EventData<'proposal.accepted'> = {
      proposalId: t.id,
      senderId: t.s.id,
      receiverId: t.r.id,
      productIds: [t.want.id],
      offeredProductIds: [t.give.id],
      actorId: t.r.id,
    };
    await chat.publish('subscription.changed', t.r.id, { userId: t.r.id, status: 'active' });
    await chat.publish('proposal.created', t.id, facts);
    await chat.publish('proposal.accepted', t.id, facts);
    await eventually(async () => {
      const sent = await chat.call('POST', `/api/chat/proposal/${t.id}/message`, t.s.token, {
        userId: t.s.id,
        content: 'Posted it today',
      });
      return sent.status === 201;
    }, 20_000);
    // Before any dispute, the chat is the parties' own.
    const early = await chat.call(
      'GET',
      `/internal/proposals/${t.id}/transcript`,
      disputesAdmin.token,
    );
    expect(early.status).toBe(403);

    const d = (await report(t, t.r)).body.data;
    const opened = await h.tap.waitFor('dispute.opened', (x) => x.proposalId === t.id);
    await chat.publish('dispute.opened', d.dispute_id, opened.data);
    const contested = await step(t, t.s, 'contest', 'It was perfect when I sent it');
    expect(contested.body.data).toMatchObject({ status: 'escalated', answer_due_at: null });
    const escalated = await h.tap.waitFor('dispute.escalated', (x) => x.proposalId === t.id);
    expect(escalated.data.cause).toBe('contested');

    const queue = await adminGet('/api/admin/disputes?status=escalated', disputesAdmin);
    expect(queue.status).toBe(200);
    expect(queue.body.data.disputes.map((x: Loose) => x.dispute_id)).toContain(d.dispute_id);
    // Deny by default: another area is not enough.
    expect((await adminGet('/api/admin/disputes', usersAdmin)).status).toBe(403);
    expect((await adminGet(`/api/admin/disputes/${d.dispute_id}`, usersAdmin)).status).toBe(403);
    expect((await h.api.get('/internal/disputes', t.s.token)).status).toBe(401);

    // Chat has heard that the dispute opened.
    await eventually(async () => {
      const r = await chat.call(
        'GET',
        `/internal/proposals/${t.id}/transcript`,
        disputesAdmin.token,
      );
      return r.status === 200;
    }, 20_000);
    const view = await adminGet(`/api/admin/disputes/${d.dispute_id}`, disputesAdmin);
    expect(view.status).toBe(200);
    const seen = adminDisputeResponse.parse(view.body.data);
    expect(seen.dispute.statements.map((s) => s.kind)).toEqual(['report', 'contest']);
    expect(seen.proposal).toMatchObject({ proposal_id: t.id, status: 'disputed' });
    expect(seen.proposal.listing_titles[t.want.id]).toBe(t.want.title);
    expect(seen.proposal.shipping.sender.status).toBe('preparing');
    // The clocks the trade ran on: a shipping deadline from the acceptance on.
    expect(seen.proposal.clocks.sender.ship_by).toEqual(expect.any(String));
    expect(seen.proposal.clocks.report_by).toBeNull();
    expect(seen.transcript!.map((m) => m.content)).toEqual(['Posted it today']);
    expect(seen.audit_id).toEqual(expect.any(String));

    const decided = await resolve(d.dispute_id, disputesAdmin, {
      outcome: 'completed',
      favouring: t.s.id,
      note: 'The crack shows in the listing photos: the lamp is as described. Completed.',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data.dispute).toMatchObject({
      status: 'closed',
      outcome: 'completed',
      closed_by: 'admin',
      favouring: t.s.id,
    });
    expect(await statusOf(t)).toBe('completed');
    const resolved = await h.tap.waitFor('dispute.resolved', (x) => x.proposalId === t.id);
    expect(resolved.data).toMatchObject({ outcome: 'completed', closedBy: 'admin' });
    expect(resolved.data.note).toMatch(/Completed/);
    // Closed: the admin reads the dispute without the chat, and cannot decide again.
    await chat.publish('dispute.resolved', d.dispute_id, resolved.data);
    const after = await adminGet(`/api/admin/disputes/${d.dispute_id}`, disputesAdmin);
    expect(after.body.data.transcript).toBeNull();
    await eventually(async () => {
      const r = await chat.call(
        'GET',
        `/internal/proposals/${t.id}/transcript`,
        disputesAdmin.token,
      );
      return r.status === 403;
    }, 20_000);
    expect(
      (await resolve(d.dispute_id, disputesAdmin, { outcome: 'cancelled', note: 'again' })).status,
    ).toBe(409);

    const audit = await adminGet(
      `/api/admin/audit?target_type=dispute&target_id=${d.dispute_id}`,
      await newAdmin(admin, 'executive'),
    );
    // Each reading, the decision, and the refused second decision are in the audit log.
    expect(audit.body.data.entries.map((e: Loose) => `${e.action} ${e.outcome}`).sort()).toEqual([
      'dispute.resolved failed',
      'dispute.resolved succeeded',
      'dispute.viewed succeeded',
      'dispute.viewed succeeded',
    ]);
  });

  it('escalates a dispute nobody settled within the answer period (the sweep, on an injected clock); an admin has both return and warns a member', async () => {
    const t = await accepted();
    const d = (await report(t, t.s)).body.data;
    const due = h.service.deps.disputes.dueWork;
    const sweep = (at: Date) => sweepDue([due], { now: () => at, logger: h.service.deps.logger });
    // Not due yet: nothing happens.
    expect((await sweep(new Date(Date.now() + 3600_000)))['disputes-escalated']).toBe(0);
    expect(
      (await h.api.get(`/api/exchange/proposal/${t.id}/dispute`, t.s.token)).body.data.status,
    ).toBe('open');
    await sweep(new Date(Date.now() + 73 * 3600_000));
    const mine = await h.api.get(`/api/exchange/proposal/${t.id}/dispute`, t.s.token);
    expect(mine.body.data).toMatchObject({ status: 'escalated', allowed_steps: [] });
    const escalated = await h.tap.waitFor('dispute.escalated', (x) => x.proposalId === t.id);
    expect(escalated.data.cause).toBe('no-answer');
    // Swept again: handled once.
    await sweep(new Date(Date.now() + 74 * 3600_000));
    expect(h.tap.all('dispute.escalated', (x) => x.proposalId === t.id)).toHaveLength(1);

    const decided = await resolve(d.dispute_id, disputesAdmin, {
      outcome: 'both_return',
      note: 'Each of you sends back what you received',
      sanction: { user_id: t.r.id, kind: 'warning' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data.dispute).toMatchObject({
      outcome: 'both_return',
      sanction: { user_id: t.r.id, kind: 'warning' },
    });
    expect(await statusOf(t)).toBe('cancelled');
    expect(await held(t.want.id)).toBeUndefined();
    const resolved = await h.tap.waitFor('dispute.resolved', (x) => x.proposalId === t.id);
    expect(resolved.data.sanction).toEqual({ userId: t.r.id, kind: 'warning' });
  });

  it('takes a dispute to the queue on request; suspending a member needs the users area too', async () => {
    const t = await accepted();
    const d = (await report(t, t.s, { reason: 'did_not_arrive', photos: [] })).body.data;
    const asked = await step(t, t.s, 'escalate', 'Please look at this');
    expect(asked.body.data.status).toBe('escalated');
    const refused = await resolve(d.dispute_id, disputesAdmin, {
      outcome: 'cancelled',
      favouring: t.s.id,
      note: 'Never sent',
      sanction: { user_id: t.r.id, kind: 'suspension' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/users permission/);
    expect(await statusOf(t)).toBe('disputed');
    const bad = await resolve(d.dispute_id, disputesAdmin, {
      outcome: 'cancelled',
      favouring: newMember().id,
      note: 'x',
    });
    expect(bad.status).toBe(400);

    const decided = await resolve(d.dispute_id, disputesAdmin, {
      outcome: 'cancelled',
      favouring: t.s.id,
      note: 'The parcel never left',
    });
    expect(decided.body.data.dispute).toMatchObject({ outcome: 'cancelled', favouring: t.s.id });
    expect(await statusOf(t)).toBe('cancelled');
    const both = await h.api.get(`/api/exchange/proposal/${t.id}/dispute`, t.r.token);
    expect(both.body.data).toMatchObject({ status: 'closed', note: 'The parcel never left' });
  });
});
