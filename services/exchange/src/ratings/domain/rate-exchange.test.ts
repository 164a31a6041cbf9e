import { AppError } from '@swapbooth/service-kit';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { ProposalFacts, ProposalLookup } from '../../shared/domain/ports';
import { oneAtATime } from './one-at-a-time';
import { countRating, proposalRatings, rateExchange, userRatings } from './rate-exchange';
import type { RatingRepository } from './rating-repository';
import type { Rating, RatingSummary } from './rating';

const tick = () => new Promise<void>((r) => setImmediate(r));

/** In-memory ratings with the stored behaviour the use cases rely on: unique ids, guarded writes. */
class MemoryRatings implements RatingRepository {
  readonly ratings = new Map<string, Rating>();
  readonly summaries = new Map<string, RatingSummary>();
  readonly events: DomainEvent<'rating.created'>[] = [];
  /** Set to make the next summary write fail as if the process stopped. */
  failNextSave = false;
  /** Summary writes tried, and those that lost to a concurrent write. */
  saves = 0;
  conflicts = 0;

  async claim(rating: Rating) {
    await tick();
    if (this.ratings.has(rating.id)) return 'duplicate' as const;
    this.ratings.set(rating.id, rating);
    return 'claimed' as const;
  }
  async findById(id: string) {
    await tick();
    return this.ratings.get(id);
  }
  readonly counted = new Set<string>();
  async markCounted(id: string) {
    await tick();
    this.counted.add(id);
  }
  async findByIds(ids: readonly string[]) {
    await tick();
    return ids.map((id) => this.ratings.get(id)).filter((r): r is Rating => !!r);
  }
  async summaryOf(userId: string) {
    await tick();
    const s = this.summaries.get(userId);
    return s && { ...s, ratingIds: [...s.ratingIds] };
  }
  async saveSummary(
    next: RatingSummary,
    expectedVersion: number,
    ratingId: string,
    event: DomainEvent<'rating.created'>,
  ) {
    await tick();
    if (this.failNextSave) {
      this.failNextSave = false;
      throw new Error('connection lost');
    }
    this.saves++;
    if ((this.summaries.get(next.userId)?.version ?? 0) !== expectedVersion) {
      this.conflicts++;
      return false;
    }
    expect(next.ratingIds.at(-1)).toBe(ratingId);
    this.summaries.set(next.userId, next);
    this.events.push(event);
    return true;
  }
}

class Proposals implements ProposalLookup {
  readonly facts = new Map<string, ProposalFacts>();
  add(proposalId: string, senderId: string, receiverId: string, status = 'completed') {
    this.facts.set(proposalId, {
      proposalId,
      senderId,
      receiverId,
      status: status as ProposalFacts['status'],
    });
  }
  factsOf(id: string) {
    return Promise.resolve(this.facts.get(id));
  }
}

function setup() {
  const ratings = new MemoryRatings();
  const proposals = new Proposals();
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const deps = { ratings, proposals, now: () => new Date((clock += 1000)) };
  return { deps, ratings, proposals };
}

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const input = (proposalId: string, ratedUserId: string, value = 5, comment = '') => ({
  proposalId,
  ratedUserId,
  value,
  comment,
});

describe('rating an exchange', () => {
  it('stores the rating and publishes the rated member’s new average and count', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    proposals.add('p2', 'carol', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 5, '  smooth trade '));
    const second = await rateExchange(deps, 'carol', input('p2', 'bob', 4));

    expect(second).toMatchObject({ id: 'p2:carol', ratedUserId: 'bob', value: 4 });
    expect(ratings.ratings.get('p1:alice')?.comment).toBe('smooth trade');
    expect([...ratings.counted]).toEqual(['p1:alice', 'p2:carol']);
    expect(
      ratings.events.map((e) => [e.subject, e.data.ratingCount, e.data.averageRating]),
    ).toEqual([
      ['bob', 1, 5],
      ['bob', 2, 4.5],
    ]);
  });

  it('refuses a second rating of the same proposal by the same rater with a 409', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 5));
    const err = await rejection(rateExchange(deps, 'alice', input('p1', 'bob', 1)));
    expect(err.status).toBe(409);
    expect(ratings.ratings.get('p1:alice')?.value).toBe(5);
    expect(ratings.events).toHaveLength(1);
  });

  it('lets both parties rate each other once', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 5));
    await rateExchange(deps, 'bob', input('p1', 'alice', 3.5));
    expect(ratings.summaries.get('alice')).toMatchObject({ count: 1, halves: 7 });
    expect(ratings.summaries.get('bob')).toMatchObject({ count: 1, halves: 10 });
  });

  it('answers 404 for a missing proposal, 403 for a non-party, 409 before completion', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob', 'accepted');
    expect((await rejection(rateExchange(deps, 'alice', input('nope', 'bob')))).status).toBe(404);
    expect((await rejection(rateExchange(deps, 'carol', input('p1', 'bob')))).status).toBe(403);
    const early = await rejection(rateExchange(deps, 'alice', input('p1', 'bob')));
    expect(early.status).toBe(409);
    expect(early.message).toContain('accepted');
    expect(ratings.ratings.size).toBe(0);
  });

  it('checks the value before anything is stored', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    const err = await rejection(rateExchange(deps, 'alice', input('p1', 'bob', 4.3)));
    expect(err.status).toBe(400);
    expect(ratings.ratings.size).toBe(0);
  });

  it('gives every one of many concurrent ratings of one member its own count and exact average', async () => {
    const { deps, ratings, proposals } = setup();
    const raters = Array.from({ length: 40 }, (_, i) => `rater${i}`);
    raters.forEach((r, i) => proposals.add(`p${i}`, r, 'bob'));
    await Promise.all(
      raters.map((r, i) => rateExchange(deps, r, input(`p${i}`, 'bob', i % 2 ? 4 : 5))),
    );

    const counts = ratings.events.map((e) => e.data.ratingCount);
    expect(counts).toEqual(raters.map((_, i) => i + 1));
    expect(ratings.events.at(-1)?.data.averageRating).toBe(4.5);
    expect(ratings.summaries.get('bob')).toMatchObject({ count: 40, halves: 360 });
    // Each event's average is the average of the ratings counted up to it.
    let halves = 0;
    for (const e of ratings.events) {
      halves += e.data.ratingValue * 2;
      expect(e.data.averageRating).toBe(Math.round((halves * 5) / e.data.ratingCount) / 10);
    }
  });

  it('counts one member’s concurrent ratings one after another in a process, without conflicts', async () => {
    const { deps, ratings, proposals } = setup();
    const raters = Array.from({ length: 20 }, (_, i) => `rater${i}`);
    raters.forEach((r, i) => proposals.add(`p${i}`, r, 'bob'));
    const serial = { ...deps, oneAtATime: oneAtATime() };
    await Promise.all(raters.map((r, i) => rateExchange(serial, r, input(`p${i}`, 'bob', 4))));
    expect(ratings.events.map((e) => e.data.ratingCount)).toEqual(raters.map((_, i) => i + 1));
    expect([ratings.saves, ratings.conflicts]).toEqual([20, 0]);
  });

  it('counts a rating whose count was interrupted when its rater tries again', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    ratings.failNextSave = true;
    await expect(rateExchange(deps, 'alice', input('p1', 'bob', 4))).rejects.toThrow(
      'connection lost',
    );
    expect(ratings.summaries.get('bob')).toBeUndefined();
    expect(ratings.counted.has('p1:alice')).toBe(false);

    const again = await rejection(rateExchange(deps, 'alice', input('p1', 'bob', 4)));
    expect(again.status).toBe(409);
    expect(ratings.summaries.get('bob')).toMatchObject({ count: 1, halves: 8 });
    expect(ratings.counted.has('p1:alice')).toBe(true);
    expect(ratings.events).toHaveLength(1);
  });

  it('counting a rating twice changes nothing', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    const r = await rateExchange(deps, 'alice', input('p1', 'bob', 4));
    await countRating(deps, r);
    expect(ratings.summaries.get('bob')).toMatchObject({ count: 1, version: 1 });
    expect(ratings.events).toHaveLength(1);
  });
});

describe('reading ratings', () => {
  it('lists a member’s ratings newest first with the average of all', async () => {
    const { deps, proposals } = setup();
    for (let i = 0; i < 3; i++) proposals.add(`p${i}`, `r${i}`, 'bob');
    await rateExchange(deps, 'r0', input('p0', 'bob', 5));
    await rateExchange(deps, 'r1', input('p1', 'bob', 4));
    await rateExchange(deps, 'r2', input('p2', 'bob', 4));

    const page = await userRatings(deps, 'bob');
    expect(page.ratings.map((r) => r.raterId)).toEqual(['r2', 'r1', 'r0']);
    expect(page).toMatchObject({ average: 4.3, count: 3 });
    const limited = await userRatings(deps, 'bob', 2);
    expect(limited.ratings.map((r) => r.raterId)).toEqual(['r2', 'r1']);
    expect(limited.count).toBe(3);
  });

  it('answers an empty page for a member nobody rated', async () => {
    const { deps } = setup();
    expect(await userRatings(deps, 'nobody')).toEqual({ ratings: [], average: 0, count: 0 });
  });

  it('shows a proposal’s ratings to its parties only', async () => {
    const { deps, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 5));
    await rateExchange(deps, 'bob', input('p1', 'alice', 4));

    const seen = await proposalRatings(deps, 'alice', 'p1');
    expect(seen.map((r) => r.raterId)).toEqual(['bob', 'alice']);
    expect((await rejection(proposalRatings(deps, 'carol', 'p1'))).status).toBe(403);
    expect((await rejection(proposalRatings(deps, 'alice', 'nope'))).status).toBe(404);
  });
});
