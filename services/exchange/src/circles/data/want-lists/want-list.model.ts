import { Schema, type Connection, type Model } from 'mongoose';

/** One listing's want list, keyed by the listing id. */
export interface WantListDoc {
  _id: string;
  ownerId: string;
  wants: string[];
  updatedAt: Date;
}

const wantListSchema = new Schema<WantListDoc>(
  {
    _id: String,
    ownerId: { type: String, required: true },
    wants: { type: [String], default: [] },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

// A member's want lists (their own want-lists page).
wantListSchema.index({ ownerId: 1 });

export function wantListModel(conn: Connection): Model<WantListDoc> {
  return (
    (conn.models.WantList as Model<WantListDoc> | undefined) ??
    conn.model<WantListDoc>('WantList', wantListSchema, 'want_lists')
  );
}
