import type { Connection, Model } from 'mongoose';
import { groupBy, insertMissing } from '../guarded';
import {
  projectionStateModel,
  sellerListingModels,
  shardOf,
  type ProjectionStateRecord,
  type SellerListingRecord,
} from './listing.model';

/** Names the note that every stored listing has its seller record. */
const COMPLETE = 'seller-listings-complete';

/**
 * The only code that touches the seller-listing records ({@link SellerListingRecord}): which
 * listings each seller has, and whether every stored listing is recorded yet.
 */
export class SellerListings {
  private readonly models: Array<Model<SellerListingRecord>>;
  private readonly state: Model<ProjectionStateRecord>;
  private completeNoted = false;

  constructor(conn: Connection) {
    this.models = sellerListingModels(conn);
    this.state = projectionStateModel(conn);
  }

  /** Records listings under their sellers; ones already recorded are left as they are. */
  async record(listings: ReadonlyArray<{ _id: string; sellerId: string }>): Promise<void> {
    const records = listings.map(({ _id, sellerId }) => ({ _id, sellerId }));
    for (const [model, group] of groupBy(records, (r) => this.model(r.sellerId))) {
      await insertMissing(model, group);
    }
  }

  /** Product ids recorded under the seller, from their one collection. */
  async idsOf(sellerId: string): Promise<string[]> {
    const found = await this.model(sellerId)
      .collection.find<SellerListingRecord>({ sellerId }, { projection: { _id: 1 } })
      .toArray();
    return found.map((r) => r._id);
  }

  /** True once every stored listing is recorded (as far as this process has seen). */
  get complete(): boolean {
    return this.completeNoted;
  }

  /** Reads whether an earlier start noted every listing recorded. */
  async checkComplete(): Promise<boolean> {
    this.completeNoted ||= await this.state.exists({ _id: COMPLETE }).then(Boolean);
    return this.completeNoted;
  }

  /** Notes that every stored listing is recorded, for this and later starts. */
  async markComplete(): Promise<void> {
    await insertMissing(this.state, [{ _id: COMPLETE, doneAt: new Date() }]);
    this.completeNoted = true;
  }

  private model(sellerId: string): Model<SellerListingRecord> {
    return this.models[shardOf(sellerId)]!;
  }
}
