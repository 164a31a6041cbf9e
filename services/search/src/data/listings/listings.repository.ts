import type { Connection, Model } from 'mongoose';
import type { ProductFacts } from '../../domain/listing-projection';
import type { AcceptedListingChange, ListingStore } from '../../domain/ports';
import { isDuplicateKey } from '../guarded';
import { listingModel, type ListingRecord } from './listing.model';

const recordOf = (facts: ProductFacts, version: number, at: Date): ListingRecord => ({
  _id: facts.productId,
  sellerId: facts.sellerId,
  version,
  deleted: false,
  product: facts,
  updatedAt: at,
});

/** A change already stored when accepted (the listing's first record). */
const STORED: AcceptedListingChange = { store: async () => undefined };

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

  async applyProduct(
    facts: ProductFacts,
    version: number,
  ): Promise<AcceptedListingChange | undefined> {
    const now = new Date();
    if (await this.insertNew(recordOf(facts, version, now))) return STORED;
    const stored = await this.current(facts.productId);
    // Older than what is stored, or the same version that deleted the listing: nothing to do.
    // The same version otherwise is applied again (a retry, or updated + status-changed of one
    // change).
    if (stored?.version !== undefined) {
      if (stored.version > version || (stored.version === version && stored.deleted)) return;
    }
    return this.write(facts.productId, {
      $set: { sellerId: facts.sellerId, version, deleted: false, product: facts, updatedAt: now },
    });
  }

  async applyDeletion(
    productId: string,
    sellerId: string,
    version: number,
  ): Promise<AcceptedListingChange | undefined> {
    const now = new Date();
    const tombstone = { _id: productId, sellerId, version, deleted: true, updatedAt: now };
    if (await this.insertNew(tombstone)) return STORED;
    const stored = await this.current(productId);
    if (stored?.version !== undefined && stored.version > version) return;
    return this.write(productId, {
      $set: { sellerId, version, deleted: true, updatedAt: now },
      $unset: { product: 1 },
    });
  }

  /** Inserts a record for a listing not stored yet; false when one is. */
  private async insertNew(record: Omit<ListingRecord, 'product'> & Partial<ListingRecord>) {
    try {
      await this.model.collection.insertOne(record as never);
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return false;
    }
  }

  /** The stored version of a listing, read by `_id` alone (FerretDB looks nothing else up directly). */
  private current(productId: string) {
    return this.model.collection.findOne<Pick<ListingRecord, 'version' | 'deleted'>>(
      { _id: productId as never },
      { projection: { version: 1, deleted: 1 } },
    );
  }

  /**
   * An update by `_id` alone. The version was checked on the read before it: a product's events
   * share a partition key, so one consumer handles them one at a time and nothing writes the
   * record in between (a conditional filter would cost a scan of the collection on FerretDB).
   */
  private write(productId: string, update: Record<string, unknown>): AcceptedListingChange {
    return {
      store: async () => {
        await this.model.collection.updateOne({ _id: productId as never }, update);
      },
    };
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
