import { Schema, type Connection, type Model } from 'mongoose';

/**
 * `user_proposals`: a member's proposal ids, oldest first, with per proposal (keyed by its id) the
 * member's role ('s' sent, 'r' received), its status as last recorded, and whether it was ever
 * accepted.
 */
export interface MemberProposalsDoc {
  _id: string;
  ids: string[];
  role: Record<string, 's' | 'r'>;
  st: Record<string, string>;
  acc?: Record<string, boolean>;
}

/** `listing_proposals`: the ids of the proposals that ever named a listing, oldest first. */
export interface ListingProposalsDoc {
  _id: string;
  ids: string[];
}

const memberSchema = new Schema<MemberProposalsDoc>(
  {
    _id: String,
    ids: { type: [String], default: [] },
    role: { type: Schema.Types.Mixed, default: {} },
    st: { type: Schema.Types.Mixed, default: {} },
    acc: { type: Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, minimize: false },
);
const listingSchema = new Schema<ListingProposalsDoc>(
  { _id: String, ids: { type: [String], default: [] } },
  { versionKey: false },
);

export function memberProposalsModel(conn: Connection): Model<MemberProposalsDoc> {
  return (
    (conn.models.MemberProposals as Model<MemberProposalsDoc> | undefined) ??
    conn.model<MemberProposalsDoc>('MemberProposals', memberSchema, 'user_proposals')
  );
}

export function listingProposalsModel(conn: Connection): Model<ListingProposalsDoc> {
  return (
    (conn.models.ListingProposals as Model<ListingProposalsDoc> | undefined) ??
    conn.model<ListingProposalsDoc>('ListingProposals', listingSchema, 'listing_proposals')
  );
}
