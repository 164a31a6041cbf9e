import type { Connection, Model } from 'mongoose';
import type { BoothFacts } from '../../domain/listing-projection';
import type { BoothStore } from '../../domain/ports';
import {
  groupBy,
  guardedUpsert,
  insertMissing,
  insertReportingStored,
  moveLegacyCollection,
  notNewerThan,
} from '../guarded';
import { shardOf } from '../listings/listing.model';
import { LEGACY_BOOTHS_COLLECTION, boothModels, type BoothRecord } from './booth.model';

const toFacts = (r: BoothRecord): BoothFacts => ({
  boothId: r.boothId,
  name: r.name,
  interests: r.interests ?? [],
  status: r.status,
});

/**
 * The only code that touches the booth collections ({@link boothModels}). Every write is one
 * version-guarded upsert by `_id` in the member's own small collection.
 */
export class BoothsRepository implements BoothStore {
  private readonly models: Array<Model<BoothRecord>>;

  constructor(private readonly conn: Connection) {
    this.models = boothModels(conn);
  }

  async findByUser(userId: string): Promise<BoothFacts | undefined> {
    const found = await this.model(userId).collection.findOne<BoothRecord>({
      _id: userId as never,
    });
    return found ? toFacts(found) : undefined;
  }

  async all(): Promise<Map<string, BoothFacts>> {
    const out = new Map<string, BoothFacts>();
    for (const model of this.models) {
      for await (const r of model.collection.find<BoothRecord>({}, { batchSize: 1000 })) {
        out.set(r._id, toFacts(r));
      }
    }
    return out;
  }

  apply(userId: string, version: number, booth: BoothFacts): Promise<boolean> {
    return guardedUpsert(this.model(userId), userId, notNewerThan('version', version), {
      $set: { ...booth, version },
    });
  }

  async seed(booths: ReadonlyMap<string, BoothFacts>): Promise<void> {
    const records = [...booths].map(([userId, booth]) => ({ _id: userId, ...booth }));
    for (const [model, group] of groupBy(records, (r) => this.model(r._id))) {
      await insertMissing(model, group);
    }
  }

  /**
   * Moves the records earlier versions kept in one `booths` collection into the shards, then
   * drops it; a booth an event wrote meanwhile keeps the newer version. Safe to run again.
   */
  migrateLegacy(): Promise<number> {
    return moveLegacyCollection<BoothRecord>(this.conn, LEGACY_BOOTHS_COLLECTION, async (batch) => {
      for (const [model, group] of groupBy(batch, (r) => this.model(r._id))) {
        const stored = new Set(await insertReportingStored(model, group));
        for (const old of group) {
          if (!stored.has(old._id)) continue;
          const { _id, ...booth } = old;
          if (old.version !== undefined) {
            await guardedUpsert(model, _id, notNewerThan('version', old.version), { $set: booth });
          }
        }
      }
    });
  }

  private model(userId: string): Model<BoothRecord> {
    return this.models[shardOf(userId)]!;
  }
}
