import { AppError } from '@swapbooth/service-kit';
import { allowedActions, nextDueAt, reportWindowOpen, type Proposal } from './proposal';
import { decideShipping, decideStatus } from './proposal-moves';
import { decideClocks, decideConfirm, decideExtend, type ClockSettings } from './trade-clock';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock: ClockSettings = { shipMs: 5 * DAY, deliveryMs: 14 * DAY, reportMs: 2 * DAY };
const t0 = new Date('2026-01-10T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function pending(over: Partial<Proposal> = {}): Proposal {
  return {
    id: 'p1',
    senderId: 'S',
    receiverId: 'R',
    status: 'pending',
    rounds: [
      {
        requestedProductIds: ['r1'],
        offeredProductIds: ['o1'],
        message: '',
        depositAmount: 0,
        senderShippingContribution: 0,
        receiverShippingContribution: 0,
        round: 1,
        by: 'S',
        createdAt: t0,
      },
    ],
    shipping: {
      sender: { status: 'preparing', trackingNote: '' },
      receiver: { status: 'preparing', trackingNote: '' },
    },
    createdAt: t0,
    updatedAt: t0,
    version: 1,
    ...over,
  };
}

const accepted = (over: Partial<Proposal> = {}) =>
  decideStatus(pending(over), 'R', 'accepted', { now: t0, entitled: true, clock }).next;

const types = (m?: { events: { type: string }[] }) => (m ? m.events.map((e) => e.type) : []);

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('the clocks of an accepted exchange', () => {
  it('start at acceptance: each parcel due to ship in 5 days, reminded at half-time', () => {
    const p = accepted();
    expect(p.shipping.sender.shipBy).toEqual(at(5 * DAY));
    expect(p.shipping.receiver.remindAt).toEqual(at(2.5 * DAY));
    expect(nextDueAt(p)).toEqual(at(2.5 * DAY));
    expect(decideClocks(p, at(2 * DAY), clock)).toBeUndefined();
  });

  it('reminds a shipper once at half-time, then tells both at the deadline, once', () => {
    let p = accepted();
    p = decideShipping(p, 'R', 'receiver', 'shipped', undefined, { now: at(DAY), clock })!.next;
    const reminded = decideClocks(p, at(2.5 * DAY), clock)!;
    expect(types(reminded)).toEqual(['proposal.ship-reminder']);
    expect(reminded.events[0]!.data).toMatchObject({
      side: 'sender',
      dueAt: at(5 * DAY).toISOString(),
    });
    expect(decideClocks(reminded.next, at(3 * DAY), clock)).toBeUndefined();
    expect(nextDueAt(reminded.next)).toEqual(at(5 * DAY));
    const late = decideClocks(reminded.next, at(5 * DAY), clock)!;
    expect(types(late)).toEqual(['proposal.ship-overdue']);
    expect(decideClocks(late.next, at(6 * DAY), clock)).toBeUndefined();
    // The receiver, whose partner is late, may cancel though their own parcel left, or extend.
    expect(allowedActions(late.next, 'R', { now: at(5 * DAY) })).toEqual(
      expect.arrayContaining(['cancel', 'extend']),
    );
    expect(allowedActions(late.next, 'S', { now: at(5 * DAY) })).not.toContain('cancel');
    const cancelled = decideStatus(late.next, 'R', 'cancelled', {
      now: at(5 * DAY),
      entitled: true,
    });
    expect(cancelled.next.status).toBe('cancelled');
    expect(cancelled.events[0]!.data).toMatchObject({
      reason: 'ship-overdue',
      previousStatus: 'accepted',
    });
    expect(nextDueAt(cancelled.next)).toBeUndefined();
    // Before the deadline, a shipped exchange cannot be cancelled.
    expect(
      refusal(() => decideStatus(p, 'R', 'cancelled', { now: at(2 * DAY), entitled: true })).status,
    ).toBe(409);
  });

  it('extends a late deadline once, by the other party only, without a second reminder', () => {
    const late = decideClocks(accepted(), at(5 * DAY), clock)!.next;
    expect(refusal(() => decideExtend(late, 'S', 'sender', at(5 * DAY), clock)).status).toBe(409);
    const extended = decideExtend(late, 'R', undefined, at(6 * DAY), clock);
    expect(types(extended)).toEqual(['proposal.ship-extended']);
    expect(extended.next.shipping.sender).toMatchObject({ shipBy: at(11 * DAY), extended: true });
    expect(extended.next.shipping.sender.remindAt).toBeUndefined();
    expect(
      refusal(() => decideExtend(extended.next, 'R', 'sender', at(7 * DAY), clock)).status,
    ).toBe(409);
    expect(types(decideClocks(extended.next, at(11 * DAY), clock))).toEqual([
      'proposal.ship-overdue',
    ]);
    expect(
      refusal(() => decideExtend(extended.next, 'R', 'sender', at(12 * DAY), clock)).message,
    ).toMatch(/once/);
  });

  it('counts a shipped parcel delivered after 14 days, then completes 2 days later by itself', () => {
    let p = accepted();
    p = decideShipping(p, 'S', 'sender', 'shipped', undefined, { now: at(DAY), clock })!.next;
    p = decideShipping(p, 'R', 'receiver', 'shipped', undefined, { now: at(2 * DAY), clock })!.next;
    expect(nextDueAt(p)).toEqual(at(15 * DAY));
    // The sender received the receiver's parcel and says so; the receiver says nothing.
    p = decideShipping(p, 'S', 'receiver', 'delivered', undefined, {
      now: at(3 * DAY),
      clock,
    })!.next;
    const assumed = decideClocks(p, at(15 * DAY), clock)!;
    expect(types(assumed)).toEqual(['proposal.delivery-assumed', 'proposal.report-window-opened']);
    expect(assumed.next).toMatchObject({ status: 'accepted', reportBy: at(17 * DAY) });
    expect(reportWindowOpen(assumed.next, at(16 * DAY))).toBe(true);
    expect(reportWindowOpen(assumed.next, at(17 * DAY))).toBe(false);
    const done = decideClocks(assumed.next, at(17 * DAY), clock)!;
    expect(types(done)).toEqual(['proposal.completed']);
    expect(done.events[0]!.data).toMatchObject({ automatic: true, status: 'completed' });
    expect(done.next).toMatchObject({ status: 'completed', completedAt: at(17 * DAY) });
    expect(nextDueAt(done.next)).toBeUndefined();
  });

  it('completes early when every receiver says "Everything is OK"', () => {
    let p = accepted();
    p = decideShipping(p, 'S', 'sender', 'shipped', undefined, { now: at(DAY), clock })!.next;
    p = decideShipping(p, 'R', 'receiver', 'shipped', undefined, { now: at(DAY), clock })!.next;
    expect(allowedActions(p, 'R')).toContain('confirm');
    const first = decideConfirm(p, 'R', at(2 * DAY), clock)!;
    expect(types(first)).toEqual(['proposal.shipping-updated']);
    expect(first.next.status).toBe('accepted');
    expect(refusal(() => decideConfirm(first.next, 'X', at(2 * DAY), clock)).status).toBe(403);
    const second = decideConfirm(first.next, 'S', at(3 * DAY), clock)!;
    expect(types(second)).toEqual(['proposal.shipping-updated', 'proposal.completed']);
    expect(second.next.status).toBe('completed');
  });

  it('an OK inside the report window completes it before the window closes', () => {
    let p = accepted();
    p = decideShipping(p, 'S', 'sender', 'shipped', undefined, { now: at(DAY), clock })!.next;
    p = decideShipping(p, 'R', 'receiver', 'shipped', undefined, { now: at(DAY), clock })!.next;
    p = decideClocks(p, at(15 * DAY), clock)!.next;
    expect(p.reportBy).toEqual(at(17 * DAY));
    p = decideConfirm(p, 'R', at(15.5 * DAY), clock)!.next;
    expect(p.status).toBe('accepted');
    const done = decideConfirm(p, 'S', at(16 * DAY), clock)!;
    expect(types(done)).toEqual(['proposal.completed']);
    expect(done.next.reportBy).toBeUndefined();
  });

  it('offers "I have a problem" to both parties only while the report window is open', () => {
    let p = accepted();
    expect(allowedActions(p, 'R', { now: at(DAY) })).toContain('report_problem');
    expect(allowedActions(p, 'S', { now: at(DAY) })).toContain('report_problem');
    expect(allowedActions(p, 'X', { now: at(DAY) })).toEqual([]);
    p = decideShipping(p, 'S', 'sender', 'shipped', undefined, { now: at(DAY), clock })!.next;
    p = decideShipping(p, 'R', 'receiver', 'shipped', undefined, { now: at(DAY), clock })!.next;
    p = decideClocks(p, at(15 * DAY), clock)!.next;
    expect(allowedActions(p, 'R', { now: at(16 * DAY) })).toContain('report_problem');
    expect(allowedActions(p, 'R', { now: at(17 * DAY) })).not.toContain('report_problem');
    const disputed: Proposal = { ...p, status: 'disputed' };
    expect(allowedActions(disputed, 'R', { now: at(16 * DAY) })).toEqual([]);
    expect(allowedActions(pending(), 'R', { now: at(DAY) })).not.toContain('report_problem');
  });

  it('stops on an exchange that is not accepted (a disputed one)', () => {
    const disputed: Proposal = { ...accepted(), status: 'disputed' };
    expect(nextDueAt(disputed)).toBeUndefined();
    expect(decideClocks(disputed, at(30 * DAY), clock)).toBeUndefined();
    expect(reportWindowOpen(disputed, at(DAY))).toBe(false);
  });

  it('keeps the old flow without clocks: both confirmations complete the exchange at once', () => {
    let p = decideStatus(pending(), 'R', 'accepted', { now: t0, entitled: true }).next;
    expect(nextDueAt(p)).toBeUndefined();
    p = decideShipping(p, 'R', 'sender', 'delivered', undefined, { now: t0 })!.next;
    const done = decideShipping(p, 'S', 'receiver', 'delivered', undefined, { now: t0 })!;
    expect(types(done)).toEqual(['proposal.shipping-updated', 'proposal.completed']);
  });
});
