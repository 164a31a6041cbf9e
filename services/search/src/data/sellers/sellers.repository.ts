import type { Connection, Model } from 'mongoose';
import type { SellerFacts, SellerStatus } from '../../domain/listing-projection';
import type { SellerStore } from '../../domain/ports';
import {
  groupBy,
  guardedUpsert,
  insertMissing,
  insertReportingStored,
  moveLegacyCollection,
  notNewerThan,
  withoutNulls,
} from '../guarded';
import { shardOf } from '../listings/listing.model';
import { LEGACY_SELLERS_COLLECTION, sellerModels, type SellerRecord } from './seller.model';

/**
 * The parts of a seller record each event kind sets, with the field that orders them. A record
 * kept by an earlier version is merged into a stored one part by part, newer part winning.
 */
const PARTS: Array<{ fields: Array<keyof SellerRecord>; order: keyof SellerRecord }> = [
  { fields: ['profile'], order: 'profileVersion' },
  { fields: ['address'], order: 'addressVersion' },
  { fields: ['status'], order: 'statusAt' },
  { fields: ['idVerified'], order: 'idVerifiedAt' },
  { fields: ['ratingAverage'], order: 'ratingCount' },
];

function toFacts(record: SellerRecord): SellerFacts {
  const r = withoutNulls(record);
  return withoutNulls({
    ...(r.profile ? withoutNulls(r.profile) : {}),
    address: r.address,
    status: r.status,
    idVerified: r.idVerified,
    ratingAverage: r.ratingAverage,
    ratingCount: r.ratingCount,
  });
}

/**
 * The only code that touches the seller collections ({@link sellerModels}). Every write is one
 * version-guarded upsert by `_id` in the seller's own small collection.
 */
export class SellersRepository implements SellerStore {
  private readonly models: Array<Model<SellerRecord>>;

  constructor(private readonly conn: Connection) {
    this.models = sellerModels(conn);
  }

  async find(userId: string): Promise<SellerFacts | undefined> {
    const found = await this.model(userId).collection.findOne<SellerRecord>({
      _id: userId as never,
    });
    return found ? toFacts(found) : undefined;
  }

  async all(): Promise<Map<string, SellerFacts>> {
    const out = new Map<string, SellerFacts>();
    for (const model of this.models) {
      for await (const r of model.collection.find<SellerRecord>({}, { batchSize: 1000 })) {
        out.set(r._id, toFacts(r));
      }
    }
    return out;
  }

  applyProfile(
    userId: string,
    version: number,
    profile: Pick<SellerFacts, 'firstName' | 'lastName' | 'username' | 'profileImage'>,
  ): Promise<boolean> {
    // The event carries the whole profile: a field it leaves out has been cleared.
    return guardedUpsert(this.model(userId), userId, notNewerThan('profileVersion', version), {
      $set: { profile: withoutNulls(profile), profileVersion: version },
    });
  }

  applyAddress(
    userId: string,
    version: number,
    address: NonNullable<SellerFacts['address']>,
  ): Promise<boolean> {
    return guardedUpsert(this.model(userId), userId, notNewerThan('addressVersion', version), {
      $set: { address: withoutNulls(address), addressVersion: version },
    });
  }

  applyStatus(userId: string, at: Date, status: SellerStatus): Promise<boolean> {
    return guardedUpsert(this.model(userId), userId, notNewerThan('statusAt', at), {
      $set: { status, statusAt: at },
    });
  }

  applyIdentity(userId: string, at: Date, verified: boolean): Promise<boolean> {
    return guardedUpsert(this.model(userId), userId, notNewerThan('idVerifiedAt', at), {
      $set: { idVerified: verified, idVerifiedAt: at },
    });
  }

  applyRating(userId: string, count: number, average: number): Promise<boolean> {
    return guardedUpsert(this.model(userId), userId, notNewerThan('ratingCount', count), {
      $set: { ratingAverage: average, ratingCount: count },
    });
  }

  async seed(sellers: ReadonlyMap<string, SellerFacts>): Promise<void> {
    // No version fields: the first real event of each kind replaces what is seeded.
    const records = [...sellers].map(([id, facts]) => {
      const { firstName, lastName, username, profileImage, ...rest } = facts;
      const profile = withoutNulls({ firstName, lastName, username, profileImage });
      return withoutNulls({ _id: id, profile, ...rest });
    });
    for (const [model, group] of groupBy(records, (r) => this.model(r._id))) {
      await insertMissing(model, group);
    }
  }

  /**
   * Moves the records earlier versions kept in one `sellers` collection into the shards, then
   * drops it. A seller an event wrote meanwhile keeps each part that is newer than the old
   * record's. Safe to run again after a crash, and while events are applied. Returns how many.
   */
  migrateLegacy(): Promise<number> {
    return moveLegacyCollection<SellerRecord>(
      this.conn,
      LEGACY_SELLERS_COLLECTION,
      async (batch) => {
        for (const [model, group] of groupBy(batch, (r) => this.model(r._id))) {
          const stored = new Set(await insertReportingStored(model, group));
          for (const old of group) if (stored.has(old._id)) await this.merge(model, old);
        }
      },
    );
  }

  /** Sets each part of `old` the stored record lacks or holds in an older version. */
  private async merge(model: Model<SellerRecord>, old: SellerRecord): Promise<void> {
    const current = await model.collection.findOne<SellerRecord>({ _id: old._id as never });
    for (const { fields, order } of PARTS) {
      if (fields.every((f) => old[f] === undefined || old[f] === null)) continue;
      const set = Object.fromEntries(
        [...fields, order].filter((f) => old[f] !== undefined).map((f) => [f, old[f]]),
      );
      const oldOrder = old[order] as number | Date | undefined;
      const missing = fields.every((f) => current?.[f] === undefined || current?.[f] === null);
      if (oldOrder !== undefined) {
        const newer =
          current?.[order] === undefined || (current[order] as number | Date) < oldOrder;
        if (missing || newer) {
          await guardedUpsert(model, old._id, notNewerThan(order, oldOrder), { $set: set });
        }
      } else if (missing) {
        // A seeded part, without its version: only where nothing has set it since.
        await guardedUpsert(model, old._id, [{ [fields[0]!]: { $exists: false } }], { $set: set });
      }
    }
  }

  private model(userId: string): Model<SellerRecord> {
    return this.models[shardOf(userId)]!;
  }
}
