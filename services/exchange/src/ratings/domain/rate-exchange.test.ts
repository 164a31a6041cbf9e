import { AppError } from '@swapbooth/service-kit';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { ProposalFacts, ProposalLookup } from '../../shared/domain/ports';
import { oneAtATime } from './one-at-a-time';
import {
  answerRating,
  changeRating,
  countRating,
  proposalRatings,
  rateExchange,
  removeRating,
  showRating,
  userRatings,
} from './rate-exchange';
import type { RatingRepository } from './rating-repository';
import {
  REVEAL_AFTER_MS,
  type Rating,
  type RatingAnswer,
  type RatingRemoval,
  type RatingSummary,
} from './rating';

const tick = () => new Promise<void>((r) => setImmediate(r));

/** In-memory ratings with the stored behaviour the use cases rely on: unique ids, guarded writes. */
class MemoryRatings implements RatingRepository {
  readonly ratings = new Map<string, Rating>();
  readonly summaries = new Map<string, RatingSummary>();
  readonly events: DomainEvent<'rating.created'>[] = [];
  readonly removals: DomainEvent<'rating.removed'>[] = [];
  /** Set to make the next summary write fail as if the process stopped. */
  failNextSave = false;
  /** Summary writes tried, and those that lost to a concurrent write. */
  saves = 0;
  conflicts = 0;

  async claim(rating: Rating) {
    await tick();
    if (this.ratings.has(rating.id)) return 'duplicate' as const;
    this.ratings.set(rating.id, { ...rating });
    return 'claimed' as const;
  }
  async showFrom(ids: readonly string[], now: Date) {
    await tick();
    for (const id of ids) {
      const r = this.ratings.get(id);
      if (r && r.visibleAt > now) r.visibleAt = now;
    }
  }
  async dueToShow(now: Date, limit: number) {
    await tick();
    return [...this.ratings.values()]
      .filter((r) => !r.shown && !r.removal && r.visibleAt <= now)
      .sort((a, b) => a.visibleAt.getTime() - b.visibleAt.getTime())
      .slice(0, limit)
      .map((r) => r.id);
  }
  async changeHidden(id: string, change: { value: number; comment: string }, now: Date) {
    await tick();
    const r = this.ratings.get(id);
    if (!r || r.shown || r.removal || r.visibleAt <= now) return false;
    Object.assign(r, change, { updatedAt: now });
    return true;
  }
  async answer(id: string, answer: RatingAnswer) {
    await tick();
    const r = this.ratings.get(id);
    if (!r || r.answer || r.removal) return false;
    r.answer = answer;
    return true;
  }
  async remove(id: string, removal: RatingRemoval) {
    await tick();
    const r = this.ratings.get(id);
    if (!r || r.removal) return false;
    r.removal = removal;
    return true;
  }
  async saveRemoval(
    next: RatingSummary,
    expectedVersion: number,
    ratingId: string,
    event: DomainEvent<'rating.removed'>,
  ) {
    await tick();
    if ((this.summaries.get(next.userId)?.version ?? 0) !== expectedVersion) return false;
    expect(next.removedIds.at(-1)).toBe(ratingId);
    this.summaries.set(next.userId, next);
    this.removals.push(event);
    return true;
  }
  async findById(id: string) {
    await tick();
    const r = this.ratings.get(id);
    return r && { ...r };
  }
  readonly counted = new Set<string>();
  async markCounted(id: string) {
    await tick();
    this.counted.add(id);
    const r = this.ratings.get(id);
    if (r) r.shown = true;
  }
  async findByIds(ids: readonly string[]) {
    await tick();
    return ids
      .map((id) => this.ratings.get(id))
      .filter((r): r is Rating => !!r)
      .map((r) => ({ ...r }));
  }
  async summaryOf(userId: string) {
    await tick();
    const s = this.summaries.get(userId);
    return s && { ...s, ratingIds: [...s.ratingIds], removedIds: [...s.removedIds] };
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
  add(
    proposalId: string,
    senderId: string,
    receiverId: string,
    status = 'completed',
    completedAt?: Date,
  ) {
    this.facts.set(proposalId, {
      proposalId,
      senderId,
      receiverId,
      status: status as ProposalFacts['status'],
      ...(completedAt ? { completedAt } : {}),
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
  /** Moves the injected clock on. */
  const advance = (ms: number) => {
    clock += ms;
  };
  /**
   * Moves the clock past every rating window and shows what is due, one after another (as the
   * reveal sweep does), or all at once.
   */
  const revealAll = async (at: 'in turn' | 'at once' = 'in turn', over = deps) => {
    advance(REVEAL_AFTER_MS + 1000);
    const now = deps.now();
    const due = await ratings.dueToShow(now, 1000);
    if (at === 'at once') await Promise.all(due.map((id) => showRating(over, id, now)));
    else for (const id of due) await showRating(over, id, now);
  };
  return { deps, ratings, proposals, advance, revealAll };
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
  it('stores the rating hidden, and publishes the rated member’s new average and count when shown', async () => {
    const { deps, ratings, proposals, revealAll } = setup();
    proposals.add('p1', 'alice', 'bob');
    proposals.add('p2', 'carol', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 5, '  smooth trade '));
    const second = await rateExchange(deps, 'carol', input('p2', 'bob', 4));

    expect(second).toMatchObject({ id: 'p2:carol', ratedUserId: 'bob', value: 4, shown: false });
    expect(ratings.ratings.get('p1:alice')?.comment).toBe('smooth trade');
    expect([...ratings.counted]).toEqual([]);
    expect(ratings.events).toEqual([]);
    await revealAll();
    expect([...ratings.counted]).toEqual(['p1:alice', 'p2:carol']);
    expect(
      ratings.events.map((e) => [e.subject, e.data.ratingCount, e.data.averageRating]),
    ).toEqual([
      ['bob', 1, 5],
      ['bob', 2, 4.5],
    ]);
  });

  it('refuses a second rating of the same proposal by the same rater with a 409', async () => {
    const { deps, ratings, proposals, revealAll } = setup();
    proposals.add('p1', 'alice', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 5));
    const err = await rejection(rateExchange(deps, 'alice', input('p1', 'bob', 1)));
    expect(err.status).toBe(409);
    expect(ratings.ratings.get('p1:alice')?.value).toBe(5);
    await revealAll();
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
    const { deps, ratings, proposals, revealAll } = setup();
    const raters = Array.from({ length: 40 }, (_, i) => `rater${i}`);
    raters.forEach((r, i) => proposals.add(`p${i}`, r, 'bob'));
    await Promise.all(
      raters.map((r, i) => rateExchange(deps, r, input(`p${i}`, 'bob', i % 2 ? 4 : 5))),
    );
    await revealAll('at once');

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
    const { deps, ratings, proposals, revealAll } = setup();
    const raters = Array.from({ length: 20 }, (_, i) => `rater${i}`);
    raters.forEach((r, i) => proposals.add(`p${i}`, r, 'bob'));
    const serial = { ...deps, oneAtATime: oneAtATime() };
    await Promise.all(raters.map((r, i) => rateExchange(serial, r, input(`p${i}`, 'bob', 4))));
    await revealAll('at once', serial);
    expect(ratings.events.map((e) => e.data.ratingCount)).toEqual(raters.map((_, i) => i + 1));
    expect([ratings.saves, ratings.conflicts]).toEqual([20, 0]);
  });

  it('counts a rating whose showing was interrupted when its rater tries again', async () => {
    const { deps, ratings, proposals, revealAll } = setup();
    proposals.add('p1', 'alice', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 4));
    ratings.failNextSave = true;
    await expect(revealAll()).rejects.toThrow('connection lost');
    expect(ratings.summaries.get('bob')).toBeUndefined();
    expect(ratings.counted.has('p1:alice')).toBe(false);

    const again = await rejection(rateExchange(deps, 'alice', input('p1', 'bob', 4)));
    expect(again.status).toBe(409);
    expect(ratings.summaries.get('bob')).toMatchObject({ count: 1, halves: 8 });
    expect(ratings.counted.has('p1:alice')).toBe(true);
    expect(ratings.events).toHaveLength(1);
  });

  it('counting a rating twice changes nothing', async () => {
    const { deps, ratings, proposals, revealAll } = setup();
    proposals.add('p1', 'alice', 'bob');
    const r = await rateExchange(deps, 'alice', input('p1', 'bob', 4));
    await revealAll();
    await countRating(deps, r);
    expect(ratings.summaries.get('bob')).toMatchObject({ count: 1, version: 1 });
    expect(ratings.events).toHaveLength(1);
  });
});

describe('reading ratings', () => {
  it('lists a member’s ratings newest first with the average of all', async () => {
    const { deps, proposals, revealAll } = setup();
    for (let i = 0; i < 3; i++) proposals.add(`p${i}`, `r${i}`, 'bob');
    await rateExchange(deps, 'r0', input('p0', 'bob', 5));
    await rateExchange(deps, 'r1', input('p1', 'bob', 4));
    await rateExchange(deps, 'r2', input('p2', 'bob', 4));
    expect(await userRatings(deps, 'bob')).toEqual({ ratings: [], average: 0, count: 0 });
    await revealAll();

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

describe('honest reviews', () => {
  const day = 24 * 3600_000;

  it('keeps a rating hidden from all but its rater until the other party rates, then shows both at once', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    const mine = await rateExchange(deps, 'alice', input('p1', 'bob', 2, 'slow'));
    expect(mine.shown).toBe(false);

    // Alice sees her own, waiting; Bob sees nothing; nobody's page or average counts it.
    const own = await proposalRatings(deps, 'alice', 'p1');
    expect(own.map((r) => [r.raterId, r.shown])).toEqual([['alice', false]]);
    expect(await proposalRatings(deps, 'bob', 'p1')).toEqual([]);
    expect((await userRatings(deps, 'bob')).count).toBe(0);
    expect(ratings.events).toEqual([]);

    const theirs = await rateExchange(deps, 'bob', input('p1', 'alice', 5, 'great'));
    expect(theirs.shown).toBe(true);
    for (const viewer of ['alice', 'bob']) {
      const seen = await proposalRatings(deps, viewer, 'p1');
      expect(seen.map((r) => [r.raterId, r.shown])).toEqual([
        ['bob', true],
        ['alice', true],
      ]);
    }
    expect(await userRatings(deps, 'bob')).toMatchObject({ count: 1, average: 2 });
    expect(await userRatings(deps, 'alice')).toMatchObject({ count: 1, average: 5 });
    expect(ratings.events.map((e) => e.data.ratingId).sort()).toEqual(['p1:alice', 'p1:bob']);
  });

  it('shows a lone rating 14 days after completion, and takes none after that', async () => {
    const { deps, ratings, proposals, advance } = setup();
    const completedAt = new Date(Date.parse('2026-01-01T00:00:00Z'));
    proposals.add('p1', 'alice', 'bob', 'completed', completedAt);
    const mine = await rateExchange(deps, 'alice', input('p1', 'bob', 4));
    expect(mine.visibleAt).toEqual(new Date(completedAt.getTime() + 14 * day));

    advance(13 * day);
    expect(await ratings.dueToShow(deps.now(), 10)).toEqual([]);
    expect(await proposalRatings(deps, 'bob', 'p1')).toEqual([]);
    advance(1 * day);
    // Shown by the read rule at once, and counted by the sweep.
    expect((await proposalRatings(deps, 'bob', 'p1')).map((r) => r.raterId)).toEqual(['alice']);
    const now = deps.now();
    for (const id of await ratings.dueToShow(now, 10)) await showRating(deps, id, now);
    expect(await userRatings(deps, 'bob')).toMatchObject({ count: 1, average: 4 });
    expect(ratings.events).toHaveLength(1);

    const late = await rejection(rateExchange(deps, 'bob', input('p1', 'alice', 1)));
    expect(late.status).toBe(409);
    expect(late.message).toBe('The time to rate this exchange ended on 2026-01-15');
    expect(ratings.ratings.has('p1:bob')).toBe(false);
  });

  it('lets its rater change a hidden rating, never a shown one', async () => {
    const { deps, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 2));
    const changed = await changeRating(deps, 'alice', 'p1:alice', { value: 3.5, comment: ' ok ' });
    expect(changed).toMatchObject({ value: 3.5, comment: 'ok' });
    expect(
      (await rejection(changeRating(deps, 'bob', 'p1:alice', { value: 5, comment: '' }))).status,
    ).toBe(403);

    await rateExchange(deps, 'bob', input('p1', 'alice', 5));
    const late = await rejection(
      changeRating(deps, 'alice', 'p1:alice', { value: 1, comment: '' }),
    );
    expect(late.status).toBe(409);
    expect(late.message).toBe('A rating cannot be changed once it is shown');
    expect(await userRatings(deps, 'bob')).toMatchObject({ count: 1, average: 3.5 });
  });

  it('lets the member rated answer a shown rating once', async () => {
    const { deps, proposals } = setup();
    proposals.add('p1', 'alice', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 2));
    // Hidden: Bob must not learn it exists.
    expect((await rejection(answerRating(deps, 'bob', 'p1:alice', 'hm'))).status).toBe(404);
    await rateExchange(deps, 'bob', input('p1', 'alice', 5));

    const answered = await answerRating(
      deps,
      'bob',
      'p1:alice',
      '  Sorry, the post was on strike. ',
    );
    expect(answered.answer?.comment).toBe('Sorry, the post was on strike.');
    const again = await rejection(answerRating(deps, 'bob', 'p1:alice', 'and another thing'));
    expect([again.status, again.message]).toEqual([409, 'You already answered this rating']);
    expect((await rejection(answerRating(deps, 'alice', 'p1:alice', 'me too'))).status).toBe(403);
    expect((await rejection(answerRating(deps, 'bob', 'p1:bob', 'x'))).status).toBe(403);
    expect((await rejection(answerRating(deps, 'alice', 'p1:bob', '  '))).status).toBe(400);
    const page = await userRatings(deps, 'bob');
    expect(page.ratings[0]?.answer?.comment).toBe('Sorry, the post was on strike.');
  });

  it('refuses to rate a disputed exchange until the dispute closes', async () => {
    const { deps, ratings, proposals } = setup();
    proposals.add('p1', 'alice', 'bob', 'disputed');
    const err = await rejection(rateExchange(deps, 'alice', input('p1', 'bob', 1)));
    expect([err.status, err.message]).toEqual([
      409,
      'This exchange is disputed; it can be rated once the dispute is closed',
    ]);
    expect(ratings.ratings.size).toBe(0);
    proposals.add('p1', 'alice', 'bob', 'completed');
    expect((await rateExchange(deps, 'alice', input('p1', 'bob', 4))).id).toBe('p1:alice');
  });

  it('takes a removed rating off the page and out of the average, once', async () => {
    const { deps, ratings, proposals, revealAll } = setup();
    proposals.add('p1', 'alice', 'bob');
    proposals.add('p2', 'carol', 'bob');
    await rateExchange(deps, 'alice', input('p1', 'bob', 1, 'insults'));
    await rateExchange(deps, 'carol', input('p2', 'bob', 5));
    await revealAll();
    expect(await userRatings(deps, 'bob')).toMatchObject({ count: 2, average: 3 });

    const removed = await removeRating(deps, 'admin1', 'p1:alice', 'abusive language');
    expect(removed.removal).toMatchObject({ adminId: 'admin1', reason: 'abusive language' });
    const page = await userRatings(deps, 'bob');
    expect(page).toMatchObject({ count: 1, average: 5 });
    expect(page.ratings.map((r) => r.raterId)).toEqual(['carol']);
    expect(await proposalRatings(deps, 'bob', 'p1')).toEqual([]);
    expect((await rejection(removeRating(deps, 'admin1', 'p1:alice', 'again'))).status).toBe(409);
    expect((await rejection(removeRating(deps, 'admin1', 'nope:x', 'x'))).status).toBe(404);
    expect(await userRatings(deps, 'bob')).toMatchObject({ count: 1, average: 5 });
    // One rating.removed with the corrected average, ordered after both rating.created events.
    const created = ratings.events.filter((e) => e.data.ratedUserId === 'bob');
    expect(ratings.removals.map((e) => e.data)).toEqual([
      {
        ratingId: 'p1:alice',
        proposalId: 'p1',
        raterId: 'alice',
        ratedUserId: 'bob',
        averageRating: 5,
        ratingCount: 1,
        summaryVersion: Math.max(...created.map((e) => e.data.summaryVersion ?? 0)) + 1,
      },
    ]);
  });
});
