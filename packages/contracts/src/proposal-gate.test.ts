import { isSubscribed, proposalDetailsLocked } from './proposal-gate';

describe('the proposal details gate', () => {
  it('counts only active and trialing subscriptions', () => {
    expect(['active', 'trialing'].map(isSubscribed)).toEqual([true, true]);
    expect(['past_due', 'canceled', 'incomplete', '', undefined, null].map(isSubscribed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('locks a proposal for its receiver without a subscription until it is accepted', () => {
    const open = { receiverId: 'r', accepted: false };
    expect(proposalDetailsLocked(open, 'r', false)).toBe(true);
    expect(proposalDetailsLocked(open, 'r', true)).toBe(false);
    expect(proposalDetailsLocked(open, 's', false)).toBe(false);
    expect(proposalDetailsLocked({ ...open, accepted: true }, 'r', false)).toBe(false);
  });
});
