/**
 * The admin service's own view of the platform, built from events (never from another service's
 * database): members, listings, proposals, subscriptions and reports, one row per aggregate,
 * keyed by its id so that an event applied twice changes nothing.
 */
export interface MemberRow {
  userId: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  status: string;
  verified: boolean;
  registeredAt?: Date;
  statusChangedAt?: Date;
}

export interface ListingRow {
  productId: string;
  sellerId: string;
  title: string;
  category: string;
  type?: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface ProposalRow {
  proposalId: string;
  status: string;
  createdAt: Date;
  completedAt?: Date;
}

export interface SubscriptionRow {
  userId: string;
  subscriptionId?: string;
  customerId?: string;
  status: string;
  currentPeriodEnd?: string | null;
  updatedAt: Date;
}

export const reportResolutions = ['dismissed', 'actioned'] as const;
export type ReportResolution = (typeof reportResolutions)[number];

export interface ReportRow {
  reportId: string;
  reporterId: string;
  targetType: string;
  targetId: string;
  reason: string;
  status: 'open' | ReportResolution;
  filedAt: Date;
  resolvedAt?: Date;
  resolvedBy?: string;
  /** The audit entry of the action taken on the target (actioned reports). */
  actionAuditId?: string;
  note?: string;
  version: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export interface MemberQuery extends PageQuery {
  q?: string;
  status?: string;
}

export interface ListingQuery extends PageQuery {
  q?: string;
  status?: string;
  category?: string;
  sellerId?: string;
}

export interface SubscriptionQuery extends PageQuery {
  status?: string;
  userId?: string;
}

export interface ReportQuery extends PageQuery {
  status?: string;
  targetType?: string;
}

/** Reads of the projection the console needs. */
export interface ProjectionReader {
  members(q: MemberQuery): Promise<Page<MemberRow>>;
  member(userId: string): Promise<MemberRow | undefined>;
  listings(q: ListingQuery): Promise<Page<ListingRow>>;
  listing(productId: string): Promise<ListingRow | undefined>;
  subscriptions(q: SubscriptionQuery): Promise<Page<SubscriptionRow>>;
  subscriptionById(subscriptionId: string): Promise<SubscriptionRow | undefined>;
  reports(q: ReportQuery): Promise<Page<ReportRow>>;
  report(reportId: string): Promise<ReportRow | undefined>;
  /** How many open reports each of these targets has (targets without any are left out). */
  openReportsOn(targetType: string, targetIds: readonly string[]): Promise<Map<string, number>>;
  /** Every row with the few fields the dashboard counts. */
  snapshot(): Promise<{
    members: Pick<MemberRow, 'status' | 'verified' | 'registeredAt'>[];
    listings: Pick<ListingRow, 'status' | 'createdAt'>[];
    proposals: Pick<ProposalRow, 'status' | 'createdAt' | 'completedAt'>[];
    subscriptions: Pick<SubscriptionRow, 'status'>[];
    reports: Pick<ReportRow, 'status'>[];
  }>;
}

/**
 * Proposal status after each proposal event (shipping updates do not change it), and after a
 * dispute's opening: the exchange is `disputed` until the dispute settles it (completed or
 * cancelled, each a proposal event of its own).
 */
export const proposalStatusAfter: Record<string, string | undefined> = {
  'dispute.opened': 'disputed',
  'proposal.created': 'pending',
  'proposal.countered': 'countered',
  'proposal.accepted': 'accepted',
  'proposal.rejected': 'rejected',
  'proposal.cancelled': 'cancelled',
  'proposal.expired': 'expired',
  'proposal.unavailable': 'unavailable',
  'proposal.completed': 'completed',
};
