import { applySubscription, applyVerification, currentSubscription, newAccount } from './account';
import type { ProviderSubscription } from './ports';

const now = new Date('2026-01-01T00:00:00Z');
const sub = (over: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  currentPeriodEnd: '2026-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  priceId: 'price_1',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('a member’s subscription state', () => {
  const account = { ...newAccount('u1', now), customerId: 'cus_1' };

  it('tells the other services when the member becomes subscribed', () => {
    const change = applySubscription(account, sub(), now)!;
    expect(change.events).toEqual([
      {
        type: 'subscription.changed',
        subject: 'u1',
        data: {
          userId: 'u1',
          status: 'active',
          currentPeriodEnd: '2026-02-01T00:00:00.000Z',
          customerId: 'cus_1',
          subscriptionId: 'sub_1',
        },
      },
    ]);
  });

  it('changes nothing when the provider says what is already stored', () => {
    const { next } = applySubscription(account, sub(), now)!;
    expect(applySubscription(next, sub(), now)).toBeUndefined();
  });

  it('stores a cancellation at period end without telling anyone: access is unchanged', () => {
    const { next } = applySubscription(account, sub(), now)!;
    const change = applySubscription(next, sub({ cancelAtPeriodEnd: true }), now)!;
    expect(change.next.subscriptions.sub_1!.cancelAtPeriodEnd).toBe(true);
    expect(change.events).toEqual([]);
  });

  it('keeps an entitled subscription in charge when an older one ends', () => {
    const a = applySubscription(account, sub({ id: 'sub_old', status: 'canceled' }), now)!.next;
    const b = applySubscription(
      a,
      sub({ id: 'sub_new', createdAt: '2026-01-02T00:00:00.000Z' }),
      now,
    )!.next;
    const c = applySubscription(
      b,
      sub({ id: 'sub_old', status: 'canceled', cancelAtPeriodEnd: true }),
      now,
    );
    expect(currentSubscription(c!.next)?.id).toBe('sub_new');
    expect(c!.events).toEqual([]);
  });
});

describe('a member’s identity verification', () => {
  const account = newAccount('u1', now);

  it('announces the member verified once', () => {
    const first = applyVerification(account, 'vs_1', 'verified', now)!;
    expect(first.events).toEqual([
      { type: 'identity.verified', subject: 'u1', data: { userId: 'u1', verified: true } },
    ]);
    expect(applyVerification(first.next, 'vs_1', 'verified', now)).toBeUndefined();
  });

  it('does not take verification back when a later session needs input', () => {
    const verified = applyVerification(account, 'vs_1', 'verified', now)!.next;
    expect(applyVerification(verified, 'vs_2', 'requires_input', now)).toBeUndefined();
  });
});
