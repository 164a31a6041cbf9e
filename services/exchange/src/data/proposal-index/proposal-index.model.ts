import { Schema, type Connection, type Model } from 'mongoose';

/** `user_proposals`: a member's proposal ids, by role, oldest first. */
export interface MemberProposalsDoc {
  _id: string;
  sent: string[];
  received: string[];
}

/** `listing_proposals`: the ids of the proposals that ever named a listing, oldest first. */
export interface ListingProposalsDoc {
  _id: string;
  ids: string[];
}

const memberSchema = new Schema<MemberProposalsDoc>(
  { _id: String, sent: { type: [String], default: [] }, received: { type: [String], default: [] } },
  { versionKey: false },
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
