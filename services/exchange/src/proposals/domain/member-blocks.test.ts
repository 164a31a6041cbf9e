import { blockPairKey, decideBlockCancel } from './member-blocks';
import { now, proposal } from './test-fixtures';

describe('a block and the proposals between the two', () => {
  it('cancels an open proposal as the blocker, with the usual event and no reason', () => {
    for (const status of ['pending', 'countered'] as const) {
      const move = decideBlockCancel(proposal({ status }), 'R', now)!;
      expect(move.next.status).toBe('cancelled');
      expect(move.next.expiresAt).toBeUndefined();
      expect(move.events).toHaveLength(1);
      expect(move.events[0]!.type).toBe('proposal.cancelled');
      expect(move.events[0]!.data).toMatchObject({ actorId: 'R', previousStatus: status });
      expect(move.events[0]!.data).not.toHaveProperty('reason');
    }
  });

  it('leaves a proposal that is no longer open as it is', () => {
    for (const status of ['accepted', 'rejected', 'cancelled', 'expired', 'completed'] as const) {
      expect(decideBlockCancel(proposal({ status }), 'R', now)).toBeUndefined();
    }
  });
});

describe('a pair of members', () => {
  it('is named the same whoever blocked whom', () => {
    expect(blockPairKey('A', 'B')).toBe(blockPairKey('B', 'A'));
    expect(blockPairKey('A', 'B')).not.toBe(blockPairKey('A', 'C'));
  });
});
