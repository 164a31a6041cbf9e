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
    for (const e of edges) {
      await this.model
        .updateOne(
          { _id: edgeKey(e.from, e.to) },
          { $set: { userId: e.userId, from: e.from, to: e.to, until } },
          { upsert: true },
        )
        .exec();
    }
  }

  /** Reads them all (few: one per declined edge) and drops the ones whose time is over. */
  async active(now: Date): Promise<Set<string>> {
    const docs = await this.model.find({}).lean<ExclusionDoc[]>().exec();
    const over = docs.filter((d) => d.until.getTime() <= now.getTime());
    for (const d of over) {
      await this.model.deleteOne({ _id: d._id, until: d.until }).exec();
    }
    return new Set(docs.filter((d) => d.until.getTime() > now.getTime()).map((d) => d._id));
  }
}
