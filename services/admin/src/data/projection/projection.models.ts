import { Schema, type Connection, type Model } from 'mongoose';

/** One collection per aggregate the dashboard follows; `_id` is the aggregate's id. */
function model<T>(conn: Connection, name: string, collection: string, fields: object): Model<T> {
  return (
    (conn.models[name] as Model<T> | undefined) ??
    conn.model<T>(
      name,
      new Schema<T>(
        { _id: String, ...fields },
        { versionKey: false, minimize: false, strict: false },
      ),
      collection,
    )
  );
}

export interface MemberDoc {
  _id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  /** Lower-case name, e-mail and username: what the users search matches. */
  searchText?: string;
  profileVersion?: number;
  status?: string;
  verified?: boolean;
  registeredAt?: Date;
  statusChangedAt?: Date;
}

export interface ListingDoc {
  _id: string;
  sellerId: string;
  title: string;
  category: string;
  type?: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface ProposalDoc {
  _id: string;
  status: string;
  createdAt: Date;
  completedAt?: Date;
  lastEventAt: Date;
}

export interface SubscriptionDoc {
  _id: string;
  subscriptionId?: string;
  customerId?: string;
  status: string;
  currentPeriodEnd?: string | null;
  updatedAt: Date;
}

export interface ReportDoc {
  _id: string;
  reporterId: string;
  targetType: string;
  targetId: string;
  reason: string;
  status: string;
  filedAt: Date;
  resolvedAt?: Date;
  resolvedBy?: string;
  actionAuditId?: string;
  note?: string;
  version: number;
}

export const projectionModels = (conn: Connection) => ({
  members: model<MemberDoc>(conn, 'ProjectedMember', 'members', {}),
  listings: model<ListingDoc>(conn, 'ProjectedListing', 'listings', {}),
  proposals: model<ProposalDoc>(conn, 'ProjectedProposal', 'proposals', {}),
  subscriptions: model<SubscriptionDoc>(conn, 'ProjectedSubscription', 'subscriptions', {}),
  reports: model<ReportDoc>(conn, 'ProjectedReport', 'reports', {}),
});
export type ProjectionModels = ReturnType<typeof projectionModels>;
