import { Schema, type Connection, type Model } from 'mongoose';

/** One listing's want list, keyed by the listing id. */
export interface WantListDoc {
  _id: string;
  ownerId: string;
  wants: string[];
  updatedAt: Date;
}

/** A member's listings that have a want list, keyed by the member id (GET mine reads one doc). */
export interface WantListOwnerDoc {
  _id: string;
  productIds: string[];
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

const ownerSchema = new Schema<WantListOwnerDoc>(
  { _id: String, productIds: { type: [String], default: [] } },
  { versionKey: false },
);

export function wantListModel(conn: Connection): Model<WantListDoc> {
  return (
    (conn.models.WantList as Model<WantListDoc> | undefined) ??
    conn.model<WantListDoc>('WantList', wantListSchema, 'want_lists')
  );
}

export function wantListOwnerModel(conn: Connection): Model<WantListOwnerDoc> {
  return (
    (conn.models.WantListOwner as Model<WantListOwnerDoc> | undefined) ??
    conn.model<WantListOwnerDoc>('WantListOwner', ownerSchema, 'want_list_owners')
  );
}
