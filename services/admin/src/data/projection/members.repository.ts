import type { Connection } from 'mongoose';
import type { EventData } from '@swapbooth/contracts';
import type { MemberQuery, MemberRow, Page } from '../../domain/projection';
import { projectionModels, type MemberDoc, type ProjectionModels } from './projection.models';
import { escapeRegex, pageOf } from './page';

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

/**
 * The members projection (auth's user events, payment's identity.verified). Every write is keyed
 * by the user id and sets facts, so a re-delivered event changes nothing; versioned and timed
 * writes skip anything older than what is stored.
 */
export class MembersRepository {
  private readonly members: ProjectionModels['members'];

  constructor(conn: Connection) {
    this.members = projectionModels(conn).members;
  }

  async registered(d: EventData<'user.registered'>, at: Date) {
    const current = await this.members.findById(d.userId).lean<MemberDoc>().exec();
    const next = { ...current, email: d.email.toLowerCase() };
    await this.members
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

  async profileUpdated(d: EventData<'user.profile-updated'>) {
    const current = await this.members.findById(d.userId).lean<MemberDoc>().exec();
    if (current?.profileVersion !== undefined && current.profileVersion >= d.version) return;
    const names = {
      ...(d.firstName !== undefined ? { firstName: d.firstName } : {}),
      ...(d.lastName !== undefined ? { lastName: d.lastName } : {}),
      ...(d.username !== undefined ? { username: d.username } : {}),
    };
    const next = { ...current, ...names };
    await this.members
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

  async statusChanged(d: EventData<'user.status-changed'>, at: Date) {
    const current = await this.members.findById(d.userId).lean<MemberDoc>().exec();
    if (current?.statusChangedAt && current.statusChangedAt > at) return;
    await this.members
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

  async verified(d: EventData<'identity.verified'>) {
    const current = await this.members.findById(d.userId).lean<MemberDoc>().exec();
    await this.members
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

  async list(q: MemberQuery): Promise<Page<MemberRow>> {
    const filter: Record<string, unknown> = {};
    if (q.q) filter.searchText = { $regex: escapeRegex(q.q.trim().toLowerCase()) };
    if (q.status) filter.status = q.status;
    return pageOf(this.members, filter, { registeredAt: -1, _id: 1 }, q, memberRow);
  }

  async find(userId: string) {
    const d = await this.members.findById(userId).lean<MemberDoc>().exec();
    return d ? memberRow(d) : undefined;
  }

  /** Every member with the fields the dashboard counts. */
  async counted() {
    const members = await this.members
      .find({}, { status: 1, verified: 1, registeredAt: 1 })
      .lean()
      .exec();
    return members.map((d) => ({
      status: d.status ?? 'active',
      verified: d.verified === true,
      ...(d.registeredAt ? { registeredAt: d.registeredAt } : {}),
    }));
  }
}
