import { AppError } from '@swapbooth/service-kit';
import { allowedActions, awaiting, termsKey } from './proposal';
import {
  decideCounter,
  decideExpiry,
  decideShipping,
  decideStatus,
  decideUnavailable,
} from './proposal-moves';
import { now, proposal, terms } from './test-fixtures';

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const open = { now, entitled: true };

describe('answering a proposal', () => {
  it('lets only the party who received the current terms accept or reject them', () => {
    const p = proposal();
    expect(decideStatus(p, 'R', 'accepted', open).next.status).toBe('accepted');
    expect(decideStatus(p, 'R', 'rejected', open).next.status).toBe('rejected');
    const wrongTurn = refusal(() => decideStatus(p, 'S', 'accepted', open));
    expect(wrongTurn.status).toBe(409);
    expect(wrongTurn.message).toMatch(/Not your turn.*allowed moves: cancel/);
  });

  it('refuses a non-party with 403', () => {
    expect(refusal(() => decideStatus(proposal(), 'X', 'rejected', open)).status).toBe(403);
    expect(
      refusal(() => decideCounter(proposal(), 'X', terms, { ...open, expiresAt: now })).status,
    ).toBe(403);
  });

  it('lets only the maker of the current terms withdraw them', () => {
    const p = proposal();
    const cancelled = decideStatus(p, 'S', 'cancelled', open);
    expect(cancelled.next.status).toBe('cancelled');
    expect(cancelled.events[0]).toMatchObject({
      type: 'proposal.cancelled',
      data: { previousStatus: 'pending', actorId: 'S' },
    });
    expect(refusal(() => decideStatus(p, 'R', 'cancelled', open)).message).toMatch(
      /allowed moves: accept, reject, counter/,
    );
  });

  it('turns the turn around with each counter and keeps every round', () => {
    const p = proposal();
    const c1 = decideCounter(p, 'R', { ...terms, depositAmount: 5 }, { ...open, expiresAt: now });
    expect(c1.next.status).toBe('countered');
    expect(c1.next.rounds.map((r) => r.by)).toEqual(['S', 'R']);
    expect(awaiting(c1.next)).toBe('S');
    expect(c1.events[0]).toMatchObject({
      type: 'proposal.countered',
      data: { counteredBy: 'R', roundCount: 2 },
    });
    expect(refusal(() => decideStatus(c1.next, 'R', 'accepted', open)).status).toBe(409);
    expect(decideStatus(c1.next, 'S', 'accepted', open).next.status).toBe('accepted');
  });

  it('answers 403 subscription_required to a receiver without a subscription who accepts or counters, and lets them reject', () => {
    const p = proposal();
    const locked = { now, entitled: false };
    expect(refusal(() => decideStatus(p, 'R', 'accepted', locked)).code).toBe(
      'subscription_required',
    );
    expect(refusal(() => decideCounter(p, 'R', terms, { ...locked, expiresAt: now })).code).toBe(
      'subscription_required',
    );
    expect(decideStatus(p, 'R', 'rejected', locked).next.status).toBe('rejected');
    expect(allowedActions(p, 'R', { locked: true })).toEqual(['reject']);
  });

  it('refuses moves on a finished proposal with 409 naming what is left', () => {
    const done = proposal({ status: 'rejected' });
    const err = refusal(() => decideStatus(done, 'R', 'accepted', open));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/rejected; no move is allowed any more/);
  });
});

describe('an accepted exchange', () => {
  const accepted = () => decideStatus(proposal(), 'R', 'accepted', open).next;

  it('may be cancelled by either party until something has shipped', () => {
    expect(decideStatus(accepted(), 'R', 'cancelled', open).next.status).toBe('cancelled');
    const shipped = decideShipping(accepted(), 'S', 'sender', 'shipped', 'track 1', { now })!.next;
    expect(refusal(() => decideStatus(shipped, 'R', 'cancelled', open)).status).toBe(409);
  });

  it('ships by the sending party, confirms by the receiving one, and completes when both are delivered', () => {
    let p = accepted();
    expect(
      refusal(() => decideShipping(p, 'R', 'sender', 'shipped', undefined, { now })).status,
    ).toBe(403);
    p = decideShipping(p, 'S', 'sender', 'shipped', 'DHL 123', { now })!.next;
    expect(
      refusal(() => decideShipping(p, 'S', 'sender', 'delivered', undefined, { now })).status,
    ).toBe(403);
    p = decideShipping(p, 'R', 'sender', 'delivered', undefined, { now })!.next;
    expect(
      refusal(() => decideShipping(p, 'S', 'sender', 'shipped', undefined, { now })).status,
    ).toBe(409);
    p = decideShipping(p, 'R', 'receiver', 'shipped', undefined, { now })!.next;
    const last = decideShipping(p, 'S', 'receiver', 'delivered', undefined, { now })!;
    expect(last.next.status).toBe('completed');
    expect(last.events.map((e) => e.type)).toEqual([
      'proposal.shipping-updated',
      'proposal.completed',
    ]);
    expect(allowedActions(last.next, 'S')).toEqual(['rate']);
    expect(allowedActions(last.next, 'S', { rated: true })).toEqual([]);
  });

  it('refuses shipping before acceptance', () => {
    expect(
      refusal(() => decideShipping(proposal(), 'S', 'sender', 'shipped', undefined, { now }))
        .status,
    ).toBe(409);
  });
});

describe('the service’s own moves', () => {
  it('expires an open proposal once its time is up, and nothing else', () => {
    const later = new Date(now.getTime() + 2000);
    expect(decideExpiry(proposal(), now)).toBeUndefined();
    expect(decideExpiry(proposal(), later)?.next.status).toBe('expired');
    expect(decideExpiry(proposal({ status: 'accepted' }), later)).toBeUndefined();
  });

  it('makes an open proposal naming a taken listing unavailable, not the one that took it', () => {
    const move = decideUnavailable(proposal(), ['o1', 'zz'], now, 'p2');
    expect(move?.next.status).toBe('unavailable');
    expect(move?.events[0]).toMatchObject({
      data: { unavailableProductIds: ['o1'], causedByProposalId: 'p2' },
    });
    expect(decideUnavailable(proposal(), ['zz'], now)).toBeUndefined();
    expect(decideUnavailable(proposal(), ['o1'], now, 'p1')).toBeUndefined();
  });

  it('identifies the same terms whatever the order of listings or the message', () => {
    const a = termsKey('S', 'R', { ...terms, requestedProductIds: ['a', 'b'], message: 'x' });
    const b = termsKey('S', 'R', { ...terms, requestedProductIds: ['b', 'a'], message: 'y' });
    expect(a).toBe(b);
    expect(termsKey('S', 'R', { ...terms, depositAmount: 1 })).not.toBe(termsKey('S', 'R', terms));
  });
});
