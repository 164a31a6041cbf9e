import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { ListingTitles } from '../../domain/ports';
import { listingTitleModel, type ListingTitleDoc } from './listing-title.model';

/** The only code that touches the listing_titles collection. */
export class ListingTitlesRepository implements ListingTitles {
  private readonly model: Model<ListingTitleDoc>;

  constructor(conn: Connection) {
    this.model = listingTitleModel(conn);
  }

  /** The known titles of these listings, in their order (unknown ones are left out). */
  async titles(productIds: string[]): Promise<string[]> {
    const docs = await Promise.all(
      productIds.map((id) => this.model.findById(id).lean<ListingTitleDoc>().exec()),
    );
    return docs.filter((d): d is ListingTitleDoc => !!d).map((d) => d.title);
  }

  async record(productId: string, title: string, version: number): Promise<void> {
    try {
      await this.model
        .updateOne(
          { _id: productId, version: { $lt: version } },
          { $set: { title, version } },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
