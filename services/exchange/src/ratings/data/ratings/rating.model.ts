import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

/**
 * One rating, keyed `<proposalId>:<raterId>`: the unique `_id` is what makes a rating once per
 * proposal per rater (an insert that collides is the 409), with no transaction needed.
 */
export interface RatingDoc {
  _id: string;
  proposalId: string;
  raterId: string;
  ratedUserId: string;
  value: number;
  comment: string;
  createdAt: Date;
  /** Set once the rated member's summary counts this rating: it is shown. */
  counted: boolean;
  /**
   * When it is shown at the latest (see Rating.visibleAt). Ratings stored before reveal times
   * existed get the epoch at start: they were shown when written.
   */
  visibleAt?: Date;
  updatedAt?: Date;
  answer?: { comment: string; createdAt: Date };
  removal?: { adminId: string; reason: string; at: Date };
}

const ratingSchema = new Schema<RatingDoc>(
  {
    _id: { type: String },
    proposalId: { type: String, required: true },
    raterId: { type: String, required: true },
    ratedUserId: { type: String, required: true },
    value: { type: Number, required: true },
    comment: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    counted: { type: Boolean, default: false },
    visibleAt: { type: Date },
    updatedAt: { type: Date },
    answer: {
      type: new Schema({ comment: String, createdAt: Date }, { _id: false }),
      default: undefined,
    },
    removal: {
      type: new Schema({ adminId: String, reason: String, at: Date }, { _id: false }),
      default: undefined,
    },
  },
  { versionKey: false },
);
// The reveal sweep: ratings not yet counted whose reveal time has come.
ratingSchema.index({ counted: 1, visibleAt: 1 });

export function ratingModel(conn: Connection): Model<RatingDoc> {
  return (
    (conn.models.Rating as Model<RatingDoc> | undefined) ??
    conn.model<RatingDoc>('Rating', ratingSchema, 'ratings')
  );
}

/** A rating as the rated member's summary keeps it (`ratedUserId` is the summary's `_id`). */
export interface RecentRatingDoc {
  id: string;
  proposalId: string;
  raterId: string;
  value: number;
  comment: string;
  createdAt: Date;
}

const recentRatingSchema = new Schema<RecentRatingDoc>(
  {
    id: { type: String, required: true },
    proposalId: { type: String, required: true },
    raterId: { type: String, required: true },
    value: { type: Number, required: true },
    comment: { type: String, default: '' },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

/**
 * A member's ratings in sum, keyed by the member's id: count, total in half hearts, every counted
 * rating id, the newest ratings in full (so a member's page is one `_id` read, never a scan of
 * all ratings) and a version that guards each write. It carries the outbox: the `rating.created`
 * event is stored in the same single-document write that counts the rating in.
 */
export interface RatingSummaryDoc {
  _id: string;
  count: number;
  halves: number;
  ratingIds: string[];
  recent: RecentRatingDoc[];
  version: number;
  updatedAt: Date;
  /** Counted ratings an admin removed since (each taken out of the count once). */
  removedIds?: string[];
}

const ratingSummarySchema = new Schema<RatingSummaryDoc>(
  {
    _id: { type: String },
    count: { type: Number, required: true },
    halves: { type: Number, required: true },
    ratingIds: { type: [String], default: [] },
    recent: { type: [recentRatingSchema], default: [] },
    version: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
    removedIds: { type: [String], default: undefined },
  },
  { versionKey: false },
);
ratingSummarySchema.plugin(outboxPlugin);

export function ratingSummaryModel(conn: Connection): Model<RatingSummaryDoc> {
  return (
    (conn.models.RatingSummary as Model<RatingSummaryDoc> | undefined) ??
    conn.model<RatingSummaryDoc>('RatingSummary', ratingSummarySchema, 'rating_summaries')
  );
}

/** Registers the ratings' models; returns the one that carries an outbox. */
export function ratingsModels(conn: Connection): Model<RatingSummaryDoc>[] {
  ratingModel(conn);
  return [ratingSummaryModel(conn)];
}
