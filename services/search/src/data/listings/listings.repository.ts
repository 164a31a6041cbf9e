import type { Connection, Model } from 'mongoose';
import type { ProductFacts } from '../../domain/listing-projection';
import type { ListingStore } from '../../domain/ports';
import { guardedUpsert, notNewerThan } from '../guarded';
import { listingModel, type ListingRecord } from './listing.model';

const recordOf = (facts: ProductFacts, version: number, at: Date): ListingRecord => ({
  _id: facts.productId,
  sellerId: facts.sellerId,
  version,
  deleted: false,
  product: facts,
  updatedAt: at,
});

/**
 * The only code that touches the listing collection ({@link listingModel}). A product event is one
 * version-guarded upsert by `_id`; a seller's listings are one query by `sellerId`.
 */
export class ListingsRepository implements ListingStore {
  private readonly model: Model<ListingRecord>;

  constructor(conn: Connection) {
    this.model = listingModel(conn);
  }

  applyProduct(facts: ProductFacts, version: number): Promise<boolean> {
    // Older than this event, or this version not deleted: the same version is applied again
    // (a retry, or updated + status-changed of one change), but never over its own deletion.
    const fresh = [
      { version: { $lt: version } },
      { version, deleted: false },
      { version: { $exists: false } },
    ];
    return guardedUpsert(this.model, facts.productId, fresh, {
      $set: {
        sellerId: facts.sellerId,
        version,
        deleted: false,
        product: facts,
        updatedAt: new Date(),
      },
    });
  }

  applyDeletion(productId: string, sellerId: string, version: number): Promise<boolean> {
    return guardedUpsert(this.model, productId, notNewerThan('version', version), {
      $set: { sellerId, version, deleted: true, updatedAt: new Date() },
      $unset: { product: 1 },
    });
  }

  async productsOf(sellerId: string): Promise<ProductFacts[]> {
    const found = await this.model
      .find({ sellerId, deleted: false }, { product: 1 })
      .lean<Array<Pick<ListingRecord, 'product'>>>()
      .exec();
    return found.flatMap((r) => (r.product ? [r.product] : []));
  }

  async replaceMany(products: readonly ProductFacts[]): Promise<void> {
    if (products.length === 0) return;
    const now = new Date();
    // The records are built whole here: the driver's bulk write spares a bulk load mongoose's
    // casting of every replacement.
    await this.model.collection.bulkWrite(
      products.map((p) => ({
        replaceOne: {
          filter: { _id: p.productId as never },
          replacement: recordOf(p, 0, now),
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async *allProducts(batchSize: number): AsyncIterable<ProductFacts[]> {
    const cursor = this.model.collection.find<ListingRecord>({ deleted: false }, { batchSize });
    let batch: ProductFacts[] = [];
    try {
      for await (const record of cursor) {
        if (record.product) batch.push(record.product);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    } finally {
      await cursor.close();
    }
    if (batch.length > 0) yield batch;
  }
}
