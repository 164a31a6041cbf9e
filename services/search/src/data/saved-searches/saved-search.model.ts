import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { SavedSearch } from '../../domain/saved-search';

export type SavedSearchDoc = Omit<SavedSearch, 'id'> & { _id: string };

const schema = new Schema<SavedSearchDoc>(
  {
    _id: { type: String },
    memberId: { type: String, required: true },
    name: { type: String, required: true },
    query: { type: Schema.Types.Mixed, required: true },
    alerts: { type: String, required: true },
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    lastOpenedAt: { type: Date },
    deletedAt: { type: Date },
  },
  { versionKey: false, minimize: false },
);
// A member's saved searches, oldest first (listMine).
schema.index({ memberId: 1, createdAt: 1 });
// Searches written since a replica last looked (changedSince).
schema.index({ updatedAt: 1 });
schema.plugin(outboxPlugin);

export function savedSearchModel(conn: Connection): Model<SavedSearchDoc> {
  return (
    (conn.models.SavedSearch as Model<SavedSearchDoc> | undefined) ??
    conn.model<SavedSearchDoc>('SavedSearch', schema, 'saved_searches')
  );
}

/** How many saved searches each member holds, so the limit holds under concurrent saves. */
export interface SavedSearchOwnerDoc {
  /** The member's id. */
  _id: string;
  active: number;
}

// Read and written by `_id` alone (the member's id).
const ownerSchema = new Schema<SavedSearchOwnerDoc>(
  { _id: { type: String }, active: { type: Number, required: true } },
  { versionKey: false },
);

export function savedSearchOwnerModel(conn: Connection): Model<SavedSearchOwnerDoc> {
  return (
    (conn.models.SavedSearchOwner as Model<SavedSearchOwnerDoc> | undefined) ??
    conn.model<SavedSearchOwnerDoc>('SavedSearchOwner', ownerSchema, 'saved_search_owners')
  );
}
