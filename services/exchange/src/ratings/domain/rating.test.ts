import { AppError } from '@swapbooth/service-kit';
import type { ProposalFacts } from '../../shared/domain/ports';
import {
  averageRating,
  checkMayRate,
  checkRatingInput,
  emptySummary,
  isRatingValue,
  otherParty,
  ratingIdOf,
  RECENT_RATINGS,
  withRating,
  withoutRating,
  type Rating,
} from './rating';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

const completed: ProposalFacts = {
  proposalId: 'p1',
  status: 'completed',
  senderId: 'alice',
  receiverId: 'bob',
};

describe('average rating', () => {
  it('is 0 for a member nobody rated', () => {
    expect(averageRating(0, 0)).toBe(0);
  });

  it('is the single rating itself', () => {
    expect(averageRating(9, 1)).toBe(4.5);
    expect(averageRating(2, 1)).toBe(1);
  });

  it('rounds to one decimal, half up', () => {
    // 5 + 4 + 4 = 13 / 3 = 4.333...
    expect(averageRating(26, 3)).toBe(4.3);
    // 5 + 4.5 + 4.5 = 14 / 3 = 4.666...
    expect(averageRating(28, 3)).toBe(4.7);
    // 4.5 + 4 + 4 + 4 = 16.5 / 4 = 4.125
    expect(averageRating(33, 4)).toBe(4.1);
    // 4.5 + 4 = 8.5 / 2 = 4.25, half up
    expect(averageRating(17, 2)).toBe(4.3);
  });

  it('stays exact over many half-heart ratings', () => {
    let summary = emptySummary('bob');
    for (let i = 0; i < 1000; i++) {
      const value = i % 2 === 0 ? 3.5 : 4.5;
      summary = withRating(summary, rating({ id: `p${i}:alice`, value }));
    }
    expect(summary.count).toBe(1000);
    expect(summary.halves).toBe(8000);
    expect(averageRating(summary.halves, summary.count)).toBe(4);
  });

  it('counts a rating in by one, with its id last and a new version', () => {
    const r = rating({ value: 3.5 });
    const next = withRating(emptySummary('bob'), r);
    expect(next).toEqual({
      userId: 'bob',
      count: 1,
      halves: 7,
      ratingIds: ['p1:alice'],
      recent: [r],
      version: 1,
      removedIds: [],
    });
  });

  it('takes a removed rating out once, and leaves one never counted as it is', () => {
    const [a, b] = [rating({ value: 2 }), rating({ id: 'p2:carol', value: 5 })];
    const both = withRating(withRating(emptySummary('bob'), a), b);
    const without = withoutRating(both, a);
    expect(without).toMatchObject({ count: 1, halves: 10, removedIds: ['p1:alice'], version: 3 });
    expect(without.recent.map((r) => r.id)).toEqual(['p2:carol']);
    expect(withoutRating(without, a)).toBe(without);
    expect(withoutRating(without, rating({ id: 'p9:dan' }))).toBe(without);
  });

  it('keeps the newest ratings in full and every id', () => {
    const total = RECENT_RATINGS + 30;
    let summary = emptySummary('bob');
    for (let i = 0; i < total; i++) summary = withRating(summary, rating({ id: `p${i}:alice` }));
    expect(summary.ratingIds).toHaveLength(total);
    expect(summary.recent).toHaveLength(RECENT_RATINGS);
    expect(summary.recent[0]!.id).toBe('p30:alice');
    expect(summary.recent.at(-1)!.id).toBe(`p${total - 1}:alice`);
  });
});

describe('rating rules', () => {
  it('accepts 1 to 5 in halves', () => {
    for (const v of [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]) expect(isRatingValue(v)).toBe(true);
  });

  it('refuses values off the half-heart scale', () => {
    for (const v of [0, 0.5, 5.5, 6, -1, 4.25, 3.1, Number.NaN, Infinity, '4', null]) {
      expect(isRatingValue(v)).toBe(false);
    }
  });

  it('names rating_value in the 400 for a bad value', () => {
    const err = errorOf(() => checkRatingInput({ value: 4.2, comment: '' }));
    expect(err.status).toBe(400);
    expect(err.details?.field).toBe('rating_value');
  });

  it('trims the comment and allows 1,000 characters, not 1,001', () => {
    expect(checkRatingInput({ value: 5, comment: '  great trade \n' })).toBe('great trade');
    expect(checkRatingInput({ value: 5, comment: ` ${'x'.repeat(1000)} ` })).toHaveLength(1000);
    const err = errorOf(() => checkRatingInput({ value: 5, comment: 'x'.repeat(1001) }));
    expect(err.status).toBe(400);
    expect(err.details?.field).toBe('comment');
  });

  it('keys a rating by proposal and rater', () => {
    expect(ratingIdOf('p1', 'alice')).toBe('p1:alice');
  });

  it('lets each party of a completed proposal rate the other', () => {
    expect(checkMayRate(completed, 'alice', 'bob')).toEqual({ ratedUserId: 'bob' });
    expect(checkMayRate(completed, 'bob', 'alice')).toEqual({ ratedUserId: 'alice' });
    expect(otherParty(completed, 'carol')).toBeUndefined();
  });

  it('refuses a non-party with a 403 whatever the status', () => {
    for (const status of ['pending', 'completed'] as const) {
      const err = errorOf(() => checkMayRate({ ...completed, status }, 'carol', 'bob'));
      expect(err.status).toBe(403);
    }
  });

  it('refuses a proposal not completed with a 409 naming its status', () => {
    for (const status of ['pending', 'countered', 'accepted', 'rejected', 'cancelled'] as const) {
      const err = errorOf(() => checkMayRate({ ...completed, status }, 'alice', 'bob'));
      expect(err.status).toBe(409);
      expect(err.message).toBe(
        `Only a completed exchange can be rated; this proposal is ${status}`,
      );
    }
  });

  it('refuses rating yourself or a third member with a 400 naming rated_user_id', () => {
    for (const rated of ['alice', 'carol']) {
      const err = errorOf(() => checkMayRate(completed, 'alice', rated));
      expect(err.status).toBe(400);
      expect(err.details?.field).toBe('rated_user_id');
    }
  });
});

function rating(over: Partial<Rating> = {}): Rating {
  return {
    id: 'p1:alice',
    proposalId: 'p1',
    raterId: 'alice',
    ratedUserId: 'bob',
    value: 5,
    comment: '',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    visibleAt: new Date('2026-01-01T00:00:00Z'),
    shown: true,
    ...over,
  };
}
