import type { Connection, Model } from 'mongoose';
import type { BoothFacts } from '../../domain/listing-projection';
import type { BoothStore } from '../../domain/ports';
import { guardedUpsert, insertMissing, notNewerThan } from '../guarded';
import { boothModel, type BoothRecord } from './booth.model';

const toFacts = (r: BoothRecord): BoothFacts => ({
  boothId: r.boothId,
  name: r.name,
  interests: r.interests ?? [],
  status: r.status,
});

/**
 * The only code that touches the booth collection ({@link boothModel}). Every write is one
 * version-guarded upsert by `_id`, the owner's user id.
 */
export class BoothsRepository implements BoothStore {
  private readonly model: Model<BoothRecord>;

  constructor(conn: Connection) {
    this.model = boothModel(conn);
  }

  async findByUser(userId: string): Promise<BoothFacts | undefined> {
    const found = await this.model.findById(userId).lean<BoothRecord>().exec();
    return found ? toFacts(found) : undefined;
  }

  async all(): Promise<Map<string, BoothFacts>> {
    const out = new Map<string, BoothFacts>();
    for await (const r of this.model.collection.find<BoothRecord>({}, { batchSize: 1000 })) {
      out.set(r._id, toFacts(r));
    }
    return out;
  }

  apply(userId: string, version: number, booth: BoothFacts): Promise<boolean> {
    return guardedUpsert(this.model, userId, notNewerThan('version', version), {
      $set: { ...booth, version },
    });
  }

  async seed(booths: ReadonlyMap<string, BoothFacts>): Promise<void> {
    await insertMissing(
      this.model,
      [...booths].map(([userId, booth]) => ({ _id: userId, ...booth })),
    );
  }
}
