import type { Connection, Model } from 'mongoose';
import type { ProductFacts } from '../../domain/listing-projection';
import type { ListingStore } from '../../domain/ports';
import { guardedUpsert, isDuplicateKey, notNewerThan } from '../guarded';
import { listingModel, type ListingRecord } from './listing.model';

const recordOf = (facts: ProductFacts, version: number, at: Date): ListingRecord => ({
  _id: facts.productId,
  sellerId: facts.sellerId,
  version,
  deleted: false,
  product: facts,
  updatedAt: at,
});

/** Ids of the records a bulk insert refused as already stored; undefined for any other failure. */
function duplicateIds(err: unknown, records: readonly ListingRecord[]): string[] | undefined {
  const raw = (err as { writeErrors?: unknown }).writeErrors;
  const list = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Array<{
    code?: number;
    index?: number;
  }>;
  if (list.length === 0) return undefined;
  const ids: string[] = [];
  for (const e of list) {
    const record = e.index === undefined ? undefined : records[e.index];
    if (e.code !== 11000 || !record) return undefined;
    ids.push(record._id);
  }
  return ids;
}

/**
 * The only code that touches the `listings` collection.
 *
 * Written for FerretDB as much as MongoDB: there an update costs a pass over the collection while
 * an insert does not, so new listings are inserted first and updated only when already stored,
 * and reads walk one cursor instead of paging.
 */
export class ListingsRepository implements ListingStore {
  private readonly model: Model<ListingRecord>;

  constructor(conn: Connection) {
    this.model = listingModel(conn);
  }

  async applyProduct(facts: ProductFacts, version: number): Promise<boolean> {
    const now = new Date();
    try {
      await this.model.collection.insertOne(recordOf(facts, version, now) as never);
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return guardedUpsert(
      this.model,
      facts.productId,
      [
        { version: { $lt: version } },
        // The same version again (a retry, or updated + status-changed of one change), unless
        // that version deleted the listing.
        { version, deleted: { $ne: true } },
        { version: { $exists: false } },
      ],
      {
        $set: { sellerId: facts.sellerId, version, deleted: false, product: facts, updatedAt: now },
      },
    );
  }

  applyDeletion(productId: string, sellerId: string, version: number): Promise<boolean> {
    return guardedUpsert(this.model, productId, notNewerThan('version', version), {
      $set: { sellerId, version, deleted: true, updatedAt: new Date() },
      $unset: { product: 1 },
    });
  }

  async productsOf(sellerId: string): Promise<ProductFacts[]> {
    const found = await this.model
      .find({ sellerId, deleted: false })
      .lean<ListingRecord[]>()
      .exec();
    return found.flatMap((r) => (r.product ? [r.product] : []));
  }

  async replaceMany(products: readonly ProductFacts[]): Promise<void> {
    if (products.length === 0) return;
    const now = new Date();
    const records = products.map((p) => recordOf(p, 0, now));
    let stored: string[];
    try {
      await this.model.collection.insertMany(records as never[], { ordered: false });
      return;
    } catch (err) {
      const ids = duplicateIds(err, records);
      if (!ids) throw err;
      stored = ids;
    }
    // Those already stored are replaced; the rest went in above.
    const again = new Set(stored);
    await this.model.bulkWrite(
      records
        .filter((r) => again.has(r._id))
        .map((r) => ({ replaceOne: { filter: { _id: r._id }, replacement: r } })),
      { ordered: false },
    );
  }

  async *allProducts(batchSize: number): AsyncIterable<ProductFacts[]> {
    let batch: ProductFacts[] = [];
    const cursor = this.model.collection.find<ListingRecord>(
      { deleted: false },
      { batchSize: batchSize },
    );
    try {
      for await (const record of cursor) {
        if (record.product) batch.push(record.product);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      await cursor.close();
    }
  }
}
