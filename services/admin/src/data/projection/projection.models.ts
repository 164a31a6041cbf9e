import { Schema, type Connection, type Model } from 'mongoose';

type IndexSpec = [Record<string, 1 | -1>, { sparse?: boolean }?];

/** One collection per aggregate the dashboard follows; `_id` is the aggregate's id. */
function model<T>(
  conn: Connection,
  name: string,
  collection: string,
  indexes: IndexSpec[] = [],
): Model<T> {
  const existing = conn.models[name] as Model<T> | undefined;
  if (existing) return existing;
  const schema = new Schema<T>(
    { _id: String },
    { versionKey: false, minimize: false, strict: false },
  );
  for (const [key, opts] of indexes) schema.index(key, opts);
  return conn.model<T>(name, schema, collection);
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
  members: model<MemberDoc>(conn, 'ProjectedMember', 'members', [
    // members(q): the users page, newest first (status and search text filter the walk).
    [{ registeredAt: -1, _id: 1 }],
  ]),
  listings: model<ListingDoc>(conn, 'ProjectedListing', 'listings', [
    // listings(q): the listings page, newest first.
    [{ createdAt: -1, _id: 1 }],
    // listings({ sellerId }): one seller's listings, newest first.
    [{ sellerId: 1, createdAt: -1, _id: 1 }],
  ]),
  // Read by _id and in full for the dashboard: no index of its own.
  proposals: model<ProposalDoc>(conn, 'ProjectedProposal', 'proposals'),
  subscriptions: model<SubscriptionDoc>(conn, 'ProjectedSubscription', 'subscriptions', [
    // subscriptions(q): the subscriptions page, most recently changed first.
    [{ updatedAt: -1, _id: 1 }],
    // subscriptionById: a Stripe subscription id to its member (only those that have one).
    [{ subscriptionId: 1 }, { sparse: true }],
  ]),
  reports: model<ReportDoc>(conn, 'ProjectedReport', 'reports', [
    // reports(q): the reports page, newest first.
    [{ filedAt: -1, _id: 1 }],
    // openReportsOn: the open reports about some members (the member reports page).
    [{ targetType: 1, targetId: 1, status: 1 }],
  ]),
});
export type ProjectionModels = ReturnType<typeof projectionModels>;
