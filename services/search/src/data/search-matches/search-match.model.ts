import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { SearchMatchRecord } from '../../domain/saved-search-alerts';

export type SearchMatchDoc = Omit<SearchMatchRecord, 'id'> & { _id: string };

/** One record per member and listing (`_id` is `<memberId>:<listingId>`): they are told once. */
const schema = new Schema<SearchMatchDoc>(
  {
    _id: { type: String },
    memberId: { type: String, required: true },
    listingId: { type: String, required: true },
    searchIds: { type: [String], required: true },
    delivery: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
// The member's instant alerts of the last hour (instantSince).
schema.index({ memberId: 1, delivery: 1, at: 1 });
// A saved search's matches since it was last opened (newMatches).
schema.index({ searchIds: 1, at: 1 });
schema.plugin(outboxPlugin);

export function searchMatchModel(conn: Connection): Model<SearchMatchDoc> {
  return (
    (conn.models.SearchMatch as Model<SearchMatchDoc> | undefined) ??
    conn.model<SearchMatchDoc>('SearchMatch', schema, 'saved_search_matches')
  );
}
