import type { Connection } from 'mongoose';
import type { EventData } from '@swapbooth/contracts';
import type {
  ListingQuery,
  ListingRow,
  MemberQuery,
  MemberRow,
  Page,
  ProjectionReader,
  ReportQuery,
  ReportRow,
  SubscriptionQuery,
  SubscriptionRow,
} from '../../domain/projection';
import {
  projectionModels,
  type ListingDoc,
  type MemberDoc,
  type ProjectionModels,
  type ReportDoc,
  type SubscriptionDoc,
} from './projection.models';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const searchTextOf = (d: Partial<MemberDoc>) =>
  [d.firstName, d.lastName, d.email, d.username].filter(Boolean).join(' ').toLowerCase();

const memberRow = (d: MemberDoc): MemberRow => ({
  userId: d._id,
  ...(d.email ? { email: d.email } : {}),
  ...(d.firstName ? { firstName: d.firstName } : {}),
  ...(d.lastName ? { lastName: d.lastName } : {}),
  ...(d.username ? { username: d.username } : {}),
  status: d.status ?? 'active',
  verified: d.verified === true,
  ...(d.registeredAt ? { registeredAt: d.registeredAt } : {}),
  ...(d.statusChangedAt ? { statusChangedAt: d.statusChangedAt } : {}),
});
const listingRow = ({ _id, ...d }: ListingDoc): ListingRow => ({ productId: _id, ...d });
const subscriptionRow = ({ _id, ...d }: SubscriptionDoc): SubscriptionRow => ({
  userId: _id,
  ...d,
});
const reportRow = ({ _id, ...d }: ReportDoc): ReportRow => ({ reportId: _id, ...d }) as ReportRow;

/**
 * Applies events to the projection and reads it back. Every write is keyed by the aggregate id
 * and sets facts rather than adding to counts, so a re-delivered event changes nothing; writes
 * that carry a version or a time skip anything older than what is stored.
 */
export class ProjectionRepository implements ProjectionReader {
  private readonly m: ProjectionModels;

  constructor(conn: Connection) {
    this.m = projectionModels(conn);
  }

  // ---- members -------------------------------------------------------------------------------

  async memberRegistered(d: EventData<'user.registered'>, at: Date) {
    const current = await this.m.members.findById(d.userId).lean<MemberDoc>().exec();
    const next = { ...current, email: d.email.toLowerCase() };
    await this.m.members
      .updateOne(
        { _id: d.userId },
        {
          $set: { email: next.email, registeredAt: at, searchText: searchTextOf(next) },
          ...(current?.status ? {} : { $setOnInsert: { status: 'active', verified: false } }),
        },
        { upsert: true },
      )
      .exec();
  }

  async memberProfile(d: EventData<'user.profile-updated'>) {
    const current = await this.m.members.findById(d.userId).lean<MemberDoc>().exec();
    if (current?.profileVersion !== undefined && current.profileVersion >= d.version) return;
    const names = {
      ...(d.firstName !== undefined ? { firstName: d.firstName } : {}),
      ...(d.lastName !== undefined ? { lastName: d.lastName } : {}),
      ...(d.username !== undefined ? { username: d.username } : {}),
    };
    const next = { ...current, ...names };
    await this.m.members
      .updateOne(
        { _id: d.userId },
        {
          $set: { ...names, profileVersion: d.version, searchText: searchTextOf(next) },
          ...(current ? {} : { $setOnInsert: { status: 'active', verified: false } }),
        },
        { upsert: true },
      )
      .exec();
  }

  async memberStatus(d: EventData<'user.status-changed'>, at: Date) {
    const current = await this.m.members.findById(d.userId).lean<MemberDoc>().exec();
    if (current?.statusChangedAt && current.statusChangedAt > at) return;
    await this.m.members
      .updateOne(
        { _id: d.userId },
        {
          $set: { status: d.status, statusChangedAt: at },
          ...(current ? {} : { $setOnInsert: { verified: false } }),
        },
        { upsert: true },
      )
      .exec();
  }

  async memberVerified(d: EventData<'identity.verified'>) {
    const current = await this.m.members.findById(d.userId).lean<MemberDoc>().exec();
    await this.m.members
      .updateOne(
        { _id: d.userId },
        {
          $set: { verified: d.verified },
          ...(current ? {} : { $setOnInsert: { status: 'active' } }),
        },
        { upsert: true },
      )
      .exec();
  }

  // ---- listings ------------------------------------------------------------------------------

  async listingChanged(s: EventData<'product.updated'>) {
    const current = await this.m.listings.findById(s.productId).lean<ListingDoc>().exec();
    if (current && current.version >= s.version) return;
    const doc: Omit<ListingDoc, '_id'> = {
      sellerId: s.userId,
      title: s.title,
      category: s.category,
      type: s.type,
      status: s.status,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
      version: s.version,
    };
    await this.m.listings.updateOne({ _id: s.productId }, { $set: doc }, { upsert: true }).exec();
  }

  async listingDeleted(d: EventData<'product.deleted'>) {
    const current = await this.m.listings.findById(d.productId).lean<ListingDoc>().exec();
    if (!current || current.version > d.version) return;
    await this.m.listings
      .updateOne({ _id: d.productId }, { $set: { status: 'deleted', version: d.version } })
      .exec();
  }

  // ---- proposals -----------------------------------------------------------------------------

  async proposalChanged(proposalId: string, status: string, at: Date) {
    const current = await this.m.proposals.findById(proposalId).lean<{
      createdAt?: Date;
      lastEventAt?: Date;
      status?: string;
    }>();
    const createdAt = current?.createdAt && current.createdAt < at ? current.createdAt : at;
    const newer = !current?.lastEventAt || current.lastEventAt <= at;
    // Once completed, a proposal stays completed whatever arrives late.
    const keep = current?.status === 'completed' || !newer;
    await this.m.proposals
      .updateOne(
        { _id: proposalId },
        {
          $set: {
            createdAt,
            ...(keep ? {} : { status, lastEventAt: at }),
            ...(status === 'completed' ? { completedAt: at } : {}),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  // ---- subscriptions -------------------------------------------------------------------------

  async subscriptionChanged(d: EventData<'subscription.changed'>, at: Date) {
    const current = await this.m.subscriptions.findById(d.userId).lean<SubscriptionDoc>().exec();
    if (current && current.updatedAt > at) return;
    await this.m.subscriptions
      .updateOne(
        { _id: d.userId },
        {
          $set: {
            status: d.status,
            updatedAt: at,
            currentPeriodEnd: d.currentPeriodEnd ?? null,
            ...(d.subscriptionId ? { subscriptionId: d.subscriptionId } : {}),
            ...(d.customerId ? { customerId: d.customerId } : {}),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  // ---- reports -------------------------------------------------------------------------------

  async reportFiled(d: EventData<'report.filed'>, at: Date) {
    await this.m.reports
      .updateOne(
        { _id: d.reportId },
        {
          $setOnInsert: {
            reporterId: d.reporterId,
            targetType: d.targetType,
            targetId: d.targetId,
            reason: d.reason,
            status: 'open',
            filedAt: at,
            version: 0,
          },
        },
        { upsert: true },
      )
      .exec();
  }

  /** Writes a resolution only over the version read; false when someone resolved it meanwhile. */
  async resolveReport(next: ReportRow, expectedVersion: number): Promise<boolean> {
    const { reportId, ...rest } = next;
    const res = await this.m.reports
      .replaceOne({ _id: reportId, version: expectedVersion }, rest)
      .exec();
    return res.matchedCount === 1;
  }

  // ---- reads ---------------------------------------------------------------------------------

  async members(q: MemberQuery): Promise<Page<MemberRow>> {
    const filter: Record<string, unknown> = {};
    if (q.q) filter.searchText = { $regex: escape(q.q.trim().toLowerCase()) };
    if (q.status) filter.status = q.status;
    return this.page(this.m.members, filter, { registeredAt: -1, _id: 1 }, q, memberRow);
  }

  async member(userId: string) {
    const d = await this.m.members.findById(userId).lean<MemberDoc>().exec();
    return d ? memberRow(d) : undefined;
  }

  async listings(q: ListingQuery): Promise<Page<ListingRow>> {
    const filter: Record<string, unknown> = {};
    if (q.q) filter.title = { $regex: escape(q.q.trim()), $options: 'i' };
    if (q.status) filter.status = q.status;
    if (q.category) filter.category = q.category;
    if (q.sellerId) filter.sellerId = q.sellerId;
    return this.page(this.m.listings, filter, { createdAt: -1, _id: 1 }, q, listingRow);
  }

  async listing(productId: string) {
    const d = await this.m.listings.findById(productId).lean<ListingDoc>().exec();
    return d ? listingRow(d) : undefined;
  }

  async subscriptions(q: SubscriptionQuery): Promise<Page<SubscriptionRow>> {
    const filter: Record<string, unknown> = {};
    if (q.status) filter.status = q.status;
    if (q.userId) filter._id = q.userId;
    return this.page(this.m.subscriptions, filter, { updatedAt: -1, _id: 1 }, q, subscriptionRow);
  }

  async subscriptionById(subscriptionId: string) {
    const d = await this.m.subscriptions.findOne({ subscriptionId }).lean<SubscriptionDoc>().exec();
    return d ? subscriptionRow(d) : undefined;
  }

  async reports(q: ReportQuery): Promise<Page<ReportRow>> {
    const filter: Record<string, unknown> = {};
    if (q.status) filter.status = q.status;
    if (q.targetType) filter.targetType = q.targetType;
    return this.page(this.m.reports, filter, { filedAt: -1, _id: 1 }, q, reportRow);
  }

  async report(reportId: string) {
    const d = await this.m.reports.findById(reportId).lean<ReportDoc>().exec();
    return d ? reportRow(d) : undefined;
  }

  async snapshot() {
    const [members, listings, proposals, subscriptions, reports] = await Promise.all([
      this.m.members.find({}, { status: 1, verified: 1, registeredAt: 1 }).lean().exec(),
      this.m.listings.find({}, { status: 1, createdAt: 1 }).lean().exec(),
      this.m.proposals.find({}, { status: 1, createdAt: 1, completedAt: 1 }).lean().exec(),
      this.m.subscriptions.find({}, { status: 1 }).lean().exec(),
      this.m.reports.find({}, { status: 1 }).lean().exec(),
    ]);
    return {
      members: members.map((d) => ({
        status: d.status ?? 'active',
        verified: d.verified === true,
        ...(d.registeredAt ? { registeredAt: d.registeredAt } : {}),
      })),
      listings,
      proposals,
      subscriptions,
      reports: reports as Pick<ReportRow, 'status'>[],
    };
  }

  private async page<D, R>(
    model: ProjectionModels[keyof ProjectionModels],
    filter: Record<string, unknown>,
    sort: Record<string, 1 | -1>,
    q: { page: number; limit: number },
    map: (d: D) => R,
  ): Promise<Page<R>> {
    const m = model as unknown as ProjectionModels['members'];
    const [docs, total] = await Promise.all([
      m
        .find(filter)
        .sort(sort)
        .skip((q.page - 1) * q.limit)
        .limit(q.limit)
        .lean()
        .exec(),
      m.countDocuments(filter).exec(),
    ]);
    return { items: (docs as unknown as D[]).map(map), total, page: q.page, limit: q.limit };
  }
}
