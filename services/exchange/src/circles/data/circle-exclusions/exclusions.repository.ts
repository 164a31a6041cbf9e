import type { Connection, Model } from 'mongoose';
import { edgeKey, type Edge } from '../../domain/circle';
import type { EdgeExclusions } from '../../domain/circle-ports';
import { exclusionModel, type ExclusionDoc } from './exclusion.model';

/** The only code that touches the excluded edges. */
export class ExclusionsRepository implements EdgeExclusions {
  private readonly model: Model<ExclusionDoc>;

  constructor(conn: Connection) {
    this.model = exclusionModel(conn);
  }

  async exclude(edges: readonly Edge[], until: Date): Promise<void> {
    if (edges.length === 0) return;
    await this.model.bulkWrite(
      edges.map((e) => ({
        updateOne: {
          filter: { _id: edgeKey(e.from, e.to) },
          update: { $set: { userId: e.userId, from: e.from, to: e.to, until } },
          upsert: true,
        },
      })),
    );
  }

  /** The edges still excluded; the ones whose time is over are dropped. */
  async active(now: Date): Promise<Set<string>> {
    await this.model.deleteMany({ until: { $lte: now } }).exec();
    const docs = await this.model
      .find({ until: { $gt: now } }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    return new Set(docs.map((d) => d._id));
  }
}
