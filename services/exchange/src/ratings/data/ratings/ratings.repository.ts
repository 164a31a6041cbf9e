import type { Connection, Model } from 'mongoose';
import {
  isDuplicateKey,
  pushEvents,
  toOutbox,
  withOutbox,
  type DomainEvent,
} from '@swapbooth/event-bus';
import type { RatingLedger } from '../../../shared/domain/ports';
import type { Rating, RatingAnswer, RatingRemoval, RatingSummary } from '../../domain/rating';
import type { RatingRepository } from '../../domain/rating-repository';
import {
  ratingModel,
  ratingSummaryModel,
  type RatingDoc,
  type RatingSummaryDoc,
  type RecentRatingDoc,
} from './rating.model';

const toRating = (d: RatingDoc): Rating => ({
  id: d._id,
  proposalId: d.proposalId,
  raterId: d.raterId,
  ratedUserId: d.ratedUserId,
  value: d.value,
  comment: d.comment ?? '',
  createdAt: new Date(d.createdAt),
  // Stored before reveal times existed: shown when written.
  visibleAt: new Date(d.visibleAt ?? d.createdAt),
  shown: d.counted === true,
  ...(d.updatedAt ? { updatedAt: new Date(d.updatedAt) } : {}),
  ...(d.answer
    ? { answer: { comment: d.answer.comment, createdAt: new Date(d.answer.createdAt) } }
    : {}),
  ...(d.removal
    ? {
        removal: {
          adminId: d.removal.adminId,
          reason: d.removal.reason,
          at: new Date(d.removal.at),
        },
      }
    : {}),
});

const toSummary = (d: RatingSummaryDoc): RatingSummary => ({
  userId: d._id,
  count: d.count,
  halves: d.halves,
  ratingIds: d.ratingIds ?? [],
  recent: (d.recent ?? []).map((r) => ({
    id: r.id,
    proposalId: r.proposalId,
    raterId: r.raterId,
    ratedUserId: d._id,
    value: r.value,
    comment: r.comment ?? '',
    createdAt: new Date(r.createdAt),
    // Only counted (shown) ratings are in a summary.
    visibleAt: new Date(r.createdAt),
    shown: true,
  })),
  version: d.version,
  removedIds: d.removedIds ?? [],
});

const toRecent = (r: Rating): RecentRatingDoc => ({
  id: r.id,
  proposalId: r.proposalId,
  raterId: r.raterId,
  value: r.value,
  comment: r.comment,
  createdAt: r.createdAt,
});

/**
 * The only code that touches the ratings and rating summaries. Every read is by `_id`: a rating's
 * id names its proposal and rater, and a member's summary is keyed by the member.
 */
export class RatingsRepository implements RatingRepository, Pick<RatingLedger, 'hasRated'> {
  private readonly ratings: Model<RatingDoc>;
  private readonly summaries: Model<RatingSummaryDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.ratings = ratingModel(conn);
    this.summaries = ratingSummaryModel(conn);
  }

  async claim(rating: Rating): Promise<'claimed' | 'duplicate'> {
    const { id, shown: _shown, ...rest } = rating;
    try {
      await this.ratings.create({ _id: id, ...rest, counted: false });
      return 'claimed';
    } catch (err) {
      if (isDuplicateKey(err)) return 'duplicate';
      throw err;
    }
  }

  async findById(id: string): Promise<Rating | undefined> {
    const doc = await this.ratings.findById(id).lean<RatingDoc>().exec();
    return doc ? toRating(doc) : undefined;
  }

  async findByIds(ids: readonly string[]): Promise<Rating[]> {
    if (ids.length === 0) return [];
    const docs = await this.ratings
      .find({ _id: { $in: [...new Set(ids)] } })
      .lean<RatingDoc[]>()
      .exec();
    const byId = new Map(docs.map((d) => [d._id, toRating(d)]));
    return ids.map((id) => byId.get(id)).filter((r): r is Rating => r !== undefined);
  }

  async markCounted(id: string): Promise<void> {
    await this.ratings.updateOne({ _id: id }, { $set: { counted: true } }).exec();
  }

  async showFrom(ids: readonly string[], now: Date): Promise<void> {
    await this.ratings
      .updateMany({ _id: { $in: [...ids] }, visibleAt: { $gt: now } }, { $set: { visibleAt: now } })
      .exec();
  }

  async dueToShow(now: Date, limit: number): Promise<string[]> {
    const docs = await this.ratings
      .find({ counted: false, visibleAt: { $lte: now }, removal: { $exists: false } }, { _id: 1 })
      .sort({ visibleAt: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return docs.map((d) => d._id);
  }

  async changeHidden(
    id: string,
    change: { value: number; comment: string },
    now: Date,
  ): Promise<boolean> {
    const res = await this.ratings
      .updateOne(
        { _id: id, counted: false, visibleAt: { $gt: now }, removal: { $exists: false } },
        { $set: { value: change.value, comment: change.comment, updatedAt: now } },
      )
      .exec();
    return res.matchedCount === 1;
  }

  async answer(id: string, answer: RatingAnswer): Promise<boolean> {
    const res = await this.ratings
      .updateOne(
        { _id: id, answer: { $exists: false }, removal: { $exists: false } },
        { $set: { answer } },
      )
      .exec();
    return res.matchedCount === 1;
  }

  async remove(id: string, removal: RatingRemoval): Promise<boolean> {
    const res = await this.ratings
      .updateOne({ _id: id, removal: { $exists: false } }, { $set: { removal } })
      .exec();
    return res.matchedCount === 1;
  }

  /**
   * Ratings stored before reveal times existed were shown when written: they get the epoch as
   * their reveal time (one write, none on a new database), so the reveal sweep also counts one
   * whose count was interrupted back then.
   */
  async addRevealTimes(): Promise<number> {
    const res = await this.ratings
      .updateMany({ visibleAt: { $exists: false } }, { $set: { visibleAt: new Date(0) } })
      .exec();
    return res.modifiedCount;
  }

  /** Rated means a rating is stored, shown or not yet. */
  async hasRated(proposalId: string, raterId: string): Promise<boolean> {
    const doc = await this.ratings
      .findById(`${proposalId}:${raterId}`, { _id: 1 })
      .lean<{ _id: string }>()
      .exec();
    return !!doc;
  }

  async summaryOf(userId: string): Promise<RatingSummary | undefined> {
    // toSummary picks the fields it needs (the pending events are left to the relay).
    const doc = await this.summaries.findById(userId).lean<RatingSummaryDoc>().exec();
    return doc ? toSummary(doc) : undefined;
  }

  async saveSummary(
    next: RatingSummary,
    expectedVersion: number,
    ratingId: string,
    event: DomainEvent<'rating.created'>,
  ): Promise<boolean> {
    const entries = toOutbox([event], 'exchange');
    const updatedAt = new Date();
    if (expectedVersion === 0) {
      // The member's first rating: the insert that collides lost to a concurrent first rating.
      try {
        await this.summaries.create({
          _id: next.userId,
          count: next.count,
          halves: next.halves,
          ratingIds: [ratingId],
          recent: next.recent.map(toRecent),
          version: next.version,
          updatedAt,
          removedIds: [],
          ...withOutbox(entries),
        });
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    } else {
      const res = await this.summaries
        .updateOne(
          { _id: next.userId, version: expectedVersion },
          pushEvents(
            {
              $set: {
                count: next.count,
                halves: next.halves,
                recent: next.recent.map(toRecent),
                version: next.version,
                updatedAt,
              },
              $push: { ratingIds: ratingId },
            },
            entries,
          ),
        )
        .exec();
      if (res.matchedCount === 0) return false;
    }
    this.published();
    return true;
  }

  async saveRemoval(
    next: RatingSummary,
    expectedVersion: number,
    ratingId: string,
    event: DomainEvent<'rating.removed'>,
  ) {
    const res = await this.summaries
      .updateOne(
        { _id: next.userId, version: expectedVersion },
        pushEvents(
          {
            $set: {
              count: next.count,
              halves: next.halves,
              recent: next.recent.map(toRecent),
              version: next.version,
              updatedAt: new Date(),
            },
            $push: { removedIds: ratingId },
          },
          toOutbox([event], 'exchange'),
        ),
      )
      .exec();
    if (res.matchedCount !== 1) return false;
    this.published();
    return true;
  }
}
