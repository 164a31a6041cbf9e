import { GATED_PROPOSAL_MESSAGE, listOf, shownTo, texts, type Notification } from './notification';

const proposal: Notification = {
  id: 'n1',
  userId: 'r',
  type: 'exchange_proposal',
  ...texts.exchange_proposal('Ada Lovelace', ['Red bike', 'Tent']),
  data: { proposal_id: 'p1', sender_id: 's' },
  isRead: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

describe('what a member reads of a notification', () => {
  it('names the sender and the listings of a proposal to a subscriber', () => {
    expect(shownTo(proposal, false)).toEqual({
      notification_id: 'n1',
      type: 'exchange_proposal',
      title: 'New exchange proposal',
      message: 'Ada Lovelace sent you a proposal for "Red bike" and "Tent"',
      data: '{"proposal_id":"p1","sender_id":"s"}',
      is_read: false,
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('gives a non-subscriber the exact SPEC §6 text and only the proposal id', () => {
    const shown = shownTo(proposal, true);
    expect(shown.message).toBe(
      'Someone sent a proposal for your listing/s. Subscribe to view details',
    );
    expect(shown.message).toBe(GATED_PROPOSAL_MESSAGE);
    expect(JSON.parse(shown.data)).toEqual({ proposal_id: 'p1' });
  });

  it('names no one in any text of a locked proposal, and leaves texts that name no one as they are', () => {
    for (const type of ['proposal_countered', 'new_message', 'proposal_cancelled'] as const) {
      const shown = shownTo({ ...proposal, type, message: 'Ada did something' }, true);
      expect(shown.message).toMatch(/your listing\/s.*Subscribe to view details$/);
      expect(JSON.stringify(shown)).not.toContain('Ada');
    }
    const expired = { ...proposal, type: 'proposal_expired' as const, message: 'It expired' };
    expect(shownTo(expired, true).message).toBe('It expired');
    const follower = {
      ...proposal,
      type: 'new_follower' as const,
      data: {},
      message: 'Ada follows',
    };
    expect(shownTo(follower, true).message).toBe('Ada follows');
  });

  it('lists at most three names, then how many more', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
    expect(listOf(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more');
  });

  it('counts collapsed messages', () => {
    expect(texts.new_message('ada', 1).message).toBe('ada sent you a message');
    expect(texts.new_message('ada', 3).message).toBe('3 new messages from ada');
  });
});
