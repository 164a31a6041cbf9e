import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { Organiser, OrganiserRepository } from '../../domain/organiser';
import { organiserModel, type OrganiserDoc } from './organiser.model';

const toOrganiser = (d: OrganiserDoc): Organiser => ({
  userId: d._id,
  status: d.status as Organiser['status'],
  requestedAt: d.requestedAt,
  ...(d.decidedAt ? { decidedAt: d.decidedAt } : {}),
  ...(d.decidedBy ? { decidedBy: d.decidedBy } : {}),
  version: d.version,
});

const toDoc = (o: Organiser): OrganiserDoc => ({
  _id: o.userId,
  status: o.status,
  requestedAt: o.requestedAt,
  decidedAt: o.decidedAt ?? null,
  decidedBy: o.decidedBy ?? null,
  version: o.version,
});

/** The only code that touches organiser standings. */
export class OrganisersRepository implements OrganiserRepository {
  private readonly model: Model<OrganiserDoc>;

  constructor(conn: Connection) {
    this.model = organiserModel(conn);
  }

  async find(userId: string): Promise<Organiser | undefined> {
    const d = await this.model.findById(userId).lean<OrganiserDoc>().exec();
    return d ? toOrganiser(d) : undefined;
  }

  async insert(o: Organiser): Promise<boolean> {
    try {
      await this.model.insertMany([toDoc(o)]);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async replace(o: Organiser, expectedVersion: number): Promise<boolean> {
    const { _id, ...rest } = toDoc(o);
    const r = await this.model.updateOne({ _id, version: expectedVersion }, { $set: rest }).exec();
    return r.matchedCount === 1;
  }

  /** Oldest request first (only admins list them). */
  async list(status?: Organiser['status']): Promise<Organiser[]> {
    const docs = await this.model
      .find(status ? { status } : {})
      .sort({ requestedAt: 1, _id: 1 })
      .lean<OrganiserDoc[]>()
      .exec();
    return docs.map(toOrganiser);
  }
}
