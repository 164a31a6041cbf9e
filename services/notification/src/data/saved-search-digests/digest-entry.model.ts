import { Schema, type Connection, type Model } from 'mongoose';
import type { DigestEntry } from '../../domain/saved-search-news';

/** A listing waiting for a member's digest; `_id` is `<memberId>:<listingId>` (queued once). */
export type DigestEntryDoc = DigestEntry & { _id: string; sentAt?: Date };

const schema = new Schema<DigestEntryDoc>(
  {
    _id: { type: String },
    memberId: { type: String, required: true },
    listingId: { type: String, required: true },
    title: { type: String, required: true },
    slug: { type: String, required: true },
    imageUrl: String,
    distance: Number,
    searchNames: { type: [String], default: [] },
    matchedAt: { type: Date, required: true },
    dueAt: { type: Date, required: true },
    sentAt: { type: Date },
  },
  { versionKey: false },
);
// Digests due and not sent (membersDue), then a member's (dueOf).
schema.index({ sentAt: 1, dueAt: 1, memberId: 1 });

export function digestEntryModel(conn: Connection): Model<DigestEntryDoc> {
  return (
    (conn.models.SavedSearchDigestEntry as Model<DigestEntryDoc> | undefined) ??
    conn.model<DigestEntryDoc>('SavedSearchDigestEntry', schema, 'saved_search_digest')
  );
}
