import type { Connection, Model } from 'mongoose';
import {
  isDuplicateKey,
  pushEvents,
  toOutbox,
  withOutbox,
  type DomainEvent,
} from '@swapbooth/event-bus';
import type { RatingLedger } from '../../../shared/domain/ports';
import type { Rating, RatingSummary } from '../../domain/rating';
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
  })),
  version: d.version,
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
export class RatingsRepository implements RatingRepository, RatingLedger {
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
    const { id, ...rest } = rating;
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

  /**
   * Rated means counted: a rating claimed by a request that stopped before counting it is not,
   * so the proposal view still offers to rate, and rating again counts it (then answers 409).
   */
  async hasRated(proposalId: string, raterId: string): Promise<boolean> {
    const doc = await this.ratings.findById(`${proposalId}:${raterId}`).lean<RatingDoc>().exec();
    if (!doc) return false;
    if (doc.counted) return true;
    return !!(await this.summaryOf(doc.ratedUserId))?.ratingIds.includes(doc._id);
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
}
