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

async function registered(): Promise<Member> {
  const m = newMember();
  await h.publish('user.registered', m.id, { userId: m.id, email: m.email, authMethod: 'email' });
  await eventually(async () => (await h.service.deps.members.get(m.id)).email === m.email, 20_000);
  return m;
}

interface Shown {
  type: string;
  message: string;
}
const listOf = async (m: Member): Promise<Shown[]> =>
  (await h.call('GET', `/api/notifications/user/${m.id}`, m.token)).body.data as Shown[];
const mailsTo = async (m: Member, subject: RegExp) =>
  (await listMail()).filter(
    (x) => x.to.some((t) => t.address === m.email) && subject.test(x.subject),
  );

describe('the trade clocks', () => {
  it('tells each step to the party it concerns, each once, e-mails included', async () => {
    const s = await registered();
    const r = await registered();
    const id = newProposalId();
    const facts = { ...proposalFacts(id, s, r), status: 'accepted' };
    const firstDeadline = '2026-12-03T10:00:00.000Z';
    const reminder = { ...facts, side: 'sender' as const, dueAt: firstDeadline };
    // The same step delivered twice (a redelivery) is told once.
    await h.publish('proposal.ship-reminder', id, reminder);
    await h.publish('proposal.ship-reminder', id, reminder);
    await h.publish('proposal.ship-overdue', id, reminder);
    await h.publish('proposal.ship-extended', id, {
      ...facts,
      actorId: r.id,
      side: 'sender',
      dueAt: '2026-12-08T10:00:00.000Z',
    });
    // A second deadline after the extension is a step of its own.
    await h.publish('proposal.ship-overdue', id, {
      ...facts,
      side: 'sender',
      dueAt: '2026-12-08T10:00:00.000Z',
    });
    await h.publish('proposal.delivery-assumed', id, {
      ...facts,
      side: 'receiver',
      dueAt: '2026-12-20T10:00:00.000Z',
    });
    await h.publish('proposal.report-window-opened', id, {
      ...facts,
      dueAt: '2026-12-22T10:00:00.000Z',
    });

    const types = async (m: Member) => (await listOf(m)).map((n) => n.type).sort();
    const forSender = [
      'delivery_assumed',
      'report_window',
      'ship_extended',
      'ship_overdue',
      'ship_overdue',
      'ship_reminder',
    ];
    const forReceiver = ['report_window', 'ship_overdue', 'ship_overdue'];
    await eventually(
      async () =>
        (await types(s)).length === forSender.length &&
        (await types(r)).length === forReceiver.length,
      30_000,
    );
    expect(await types(s)).toEqual(forSender);
    expect(await types(r)).toEqual(forReceiver);
    const window = (await listOf(r)).find((n) => n.type === 'report_window')!;
    expect(window.message).toBe(
      'Your exchange completes automatically on 22 Dec unless you report a problem',
    );
    expect((await listOf(s)).find((n) => n.type === 'ship_reminder')!.message).toContain('3 Dec');

    const mail = await waitForMail(r.email, /Everything delivered/);
    expect(mail.text).toContain(`http://app.test/proposal/${id}`);
    await waitForMail(s.email, /Time to ship/);
    await eventually(async () => (await mailsTo(s, /Shipping deadline passed/)).length === 2);
    expect(await mailsTo(s, /Time to ship/)).toHaveLength(1);
    expect(await mailsTo(r, /Your partner has not shipped/)).toHaveLength(2);
  });

  it('sends no trade-clock e-mail to a member who turned exchange deadlines off', async () => {
    const quiet = await registered();
    const other = await registered();
    const off = await h.call('PUT', '/api/notifications/settings', quiet.token, {
      email: { 'exchange-deadlines': false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.email).toMatchObject({
      'exchange-deadlines': false,
      'exchange-completed': true,
    });
    expect(
      (await h.call('GET', '/api/notifications/settings', quiet.token)).body.data.email,
    ).toEqual(off.body.data.email);

    // `quiet` sends and ships: each step below tells them before the other party, so the other's
    // e-mail arriving shows that quiet's step was handled.
    const id = newProposalId();
    const facts = { ...proposalFacts(id, quiet, other), status: 'accepted' };
    const due = '2026-12-03T10:00:00.000Z';
    await h.publish('proposal.ship-reminder', id, { ...facts, side: 'sender', dueAt: due });
    await h.publish('proposal.ship-overdue', id, { ...facts, side: 'sender', dueAt: due });
    await h.publish('proposal.report-window-opened', id, {
      ...facts,
      dueAt: '2026-12-22T10:00:00.000Z',
    });
    await waitForMail(other.email, /Your partner has not shipped/);
    await waitForMail(other.email, /Everything delivered/);

    // Told in the app all the same; no e-mail.
    const types = (await listOf(quiet)).map((n) => n.type).sort();
    expect(types).toEqual(['report_window', 'ship_overdue', 'ship_reminder']);
    expect((await listMail()).filter((x) => x.to.some((t) => t.address === quiet.email))).toEqual(
      [],
    );
  });
});
