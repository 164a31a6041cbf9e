import { AppError } from '@swapbooth/service-kit';
import type { Proposal } from '../../proposals/domain/proposal';
import {
  allowedSteps,
  decideOpen,
  decideOverdue,
  decideResolution,
  decideStep,
  SETTLE_GRACE_MS,
  type Dispute,
} from './dispute';
import { decideDisputed, decideSettled } from './dispute-exchange';

const at = new Date('2026-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(at.getTime() + ms);
const DAYS_3 = 72 * 3600_000;

const opened = (): Dispute =>
  decideOpen(
    {
      id: 'd1',
      proposalId: 'p1',
      openedBy: 'ada',
      respondentId: 'bo',
      reason: 'damaged',
      description: 'Broken',
      photos: [],
    },
    { now: at, answerMs: DAYS_3 },
  ).next;

const code = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as AppError).code;
  }
  return 'none';
};

describe('a dispute’s steps', () => {
  it('opens waiting for the respondent until the answer period ends', () => {
    const { next, events } = decideOpen(
      {
        id: 'd1',
        proposalId: 'p1',
        openedBy: 'ada',
        respondentId: 'bo',
        reason: 'damaged',
        description: 'Broken',
        photos: [],
      },
      { now: at, answerMs: DAYS_3 },
    );
    expect(next).toMatchObject({ status: 'open', answerDueAt: later(DAYS_3) });
    expect(events.map((e) => e.type)).toEqual(['dispute.opened']);
    expect(allowedSteps(next, 'bo')).toEqual([
      'accept_return',
      'propose_remedy',
      'contest',
      'escalate',
    ]);
    expect(allowedSteps(next, 'ada')).toEqual(['escalate']);
    expect(allowedSteps(next, 'cy')).toEqual([]);
  });

  it('closes on a return accepted (cancelled, for the opener) or a remedy agreed (completed)', () => {
    const returned = decideStep(opened(), 'bo', 'accept_return', undefined, later(1000)).next;
    expect(returned).toMatchObject({
      status: 'closed',
      resolution: { outcome: 'cancelled', closedBy: 'agreement', favouring: 'ada' },
      settleDueAt: later(1000 + SETTLE_GRACE_MS),
    });
    expect(returned.answerDueAt).toBeUndefined();
    const offered = decideStep(opened(), 'bo', 'propose_remedy', 'A new cable', later(1000)).next;
    expect(offered).toMatchObject({ status: 'answered', remedy: 'A new cable' });
    expect(allowedSteps(offered, 'ada')).toEqual(['accept_remedy', 'escalate']);
    const agreed = decideStep(offered, 'ada', 'accept_remedy', undefined, later(2000)).next;
    expect(agreed.resolution).toMatchObject({ outcome: 'completed', closedBy: 'agreement' });
  });

  it('goes to Swapbooth when contested, asked for, or not settled in time, and refuses steps out of turn', () => {
    expect(decideStep(opened(), 'bo', 'contest', 'No', at).next).toMatchObject({
      status: 'escalated',
      escalationCause: 'contested',
    });
    expect(decideStep(opened(), 'ada', 'escalate', undefined, at).next.escalationCause).toBe(
      'requested',
    );
    expect(decideOverdue(opened(), later(DAYS_3 - 1))).toBeUndefined();
    const overdue = decideOverdue(opened(), later(DAYS_3))!;
    expect(overdue.next).toMatchObject({ status: 'escalated', escalationCause: 'no-answer' });
    expect(decideOverdue(overdue.next, later(DAYS_3 * 2))).toBeUndefined();
    expect(code(() => decideStep(opened(), 'ada', 'accept_return', undefined, at))).toBe(
      'conflict',
    );
    expect(code(() => decideStep(opened(), 'cy', 'contest', undefined, at))).toBe('forbidden');
  });

  it('takes an admin’s decision once, for one of the two parties only', () => {
    const d = decideStep(opened(), 'bo', 'contest', 'No', at).next;
    const decision = { adminId: 'adm', outcome: 'completed' as const, note: 'Fine' };
    expect(code(() => decideResolution(d, { ...decision, favouring: 'cy' }, at))).toBe('invalid');
    expect(
      code(() =>
        decideResolution(d, { ...decision, sanction: { userId: 'cy', kind: 'warning' } }, at),
      ),
    ).toBe('invalid');
    const closed = decideResolution(d, { ...decision, favouring: 'bo' }, at);
    expect(closed.next.resolution).toMatchObject({
      closedBy: 'admin',
      adminId: 'adm',
      note: 'Fine',
    });
    expect(closed.events[0]!.type).toBe('dispute.resolved');
    expect(code(() => decideResolution(closed.next, decision, at))).toBe('conflict');
  });
});

describe('what a dispute does to its exchange', () => {
  const parcel = { status: 'preparing' as const, trackingNote: '' };
  const exchange = (over: Partial<Proposal> = {}): Proposal => ({
    id: 'p1',
    senderId: 'ada',
    receiverId: 'bo',
    status: 'accepted',
    rounds: [
      {
        round: 1,
        by: 'ada',
        requestedProductIds: ['l2'],
        offeredProductIds: ['l1'],
        message: '',
        depositAmount: 0,
        senderShippingContribution: 0,
        receiverShippingContribution: 0,
        createdAt: at,
      },
    ],
    shipping: { sender: parcel, receiver: parcel },
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...over,
  });

  it('holds an accepted exchange disputed while a problem may be reported, and refuses otherwise', () => {
    expect(decideDisputed(exchange(), 'ada', at)!.next.status).toBe('disputed');
    expect(decideDisputed(exchange({ status: 'disputed' }), 'ada', at)).toBeUndefined();
    expect(code(() => decideDisputed(exchange(), 'cy', at))).toBe('forbidden');
    expect(code(() => decideDisputed(exchange({ status: 'completed' }), 'ada', at))).toBe(
      'conflict',
    );
    const delivered = { status: 'delivered' as const, trackingNote: '' };
    const windowClosed = exchange({
      shipping: { sender: delivered, receiver: delivered },
      reportBy: later(-1),
    });
    expect(code(() => decideDisputed(windowClosed, 'ada', at))).toBe('conflict');
  });

  it('completes it, or cancels it from accepted so its listings are released', () => {
    const disputed = exchange({ status: 'disputed' });
    const done = decideSettled(disputed, 'completed', 'adm', at)!;
    expect(done.next).toMatchObject({ status: 'completed', completedAt: at });
    expect(done.events.map((e) => e.type)).toEqual(['proposal.completed']);
    const back = decideSettled(disputed, 'both_return', 'adm', at)!;
    expect(back.next.status).toBe('cancelled');
    expect(back.events[0]!.data).toMatchObject({ previousStatus: 'accepted', reason: 'dispute' });
    expect(decideSettled(exchange(), 'completed', 'adm', at)).toBeUndefined();
  });
});
