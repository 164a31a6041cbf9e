import { findAll } from '@swapbooth/service-kit';
import type { Connection, Model } from 'mongoose';
import type { ProductSnapshot } from '@swapbooth/contracts';
import type { Listing, ListingDirectory } from '../../domain/proposal-ports';
import { guardedUpsert } from '../../../shared/data/guarded-upsert';
import { listingModel, type ListingDoc } from './listing.model';

const toListing = (d: ListingDoc): Listing => ({
  id: d._id,
  ownerId: d.ownerId,
  title: d.title,
  slug: d.slug,
  type: d.type === 'service' ? 'service' : 'item',
  status: d.status,
  ...(d.imageUrl ? { imageUrl: d.imageUrl } : {}),
  sellerActive: d.sellerActive !== false,
  version: d.version,
});

/** The cover: the default picture, else the first in display order. */
function coverOf(s: ProductSnapshot): string | undefined {
  const sorted = [...s.images].sort((a, b) => a.display_order - b.display_order);
  return (sorted.find((i) => i.is_default) ?? sorted[0])?.image_url;
}

/** The only code that touches the listings projection. */
export class ListingsRepository implements ListingDirectory {
  private readonly model: Model<ListingDoc>;

  constructor(conn: Connection) {
    this.model = listingModel(conn);
  }

  async listings(ids: readonly string[]): Promise<Map<string, Listing>> {
    if (ids.length === 0) return new Map();
    // Through the driver: a plain read by _id needs none of mongoose's query building.
    const docs = await findAll(
      this.model.db
        .collection<ListingDoc>(this.model.collection.collectionName)
        .find({ _id: { $in: [...new Set(ids)] } }),
    );
    return new Map(docs.map((d) => [d._id, toListing(d)]));
  }

  async find(id: string): Promise<Listing | undefined> {
    return (await this.listings([id])).get(id);
  }

  apply(s: ProductSnapshot): Promise<void> {
    const cover = coverOf(s);
    return guardedUpsert(this.model, s.productId, 'version', s.version, {
      ownerId: s.userId,
      title: s.title,
      slug: s.slug,
      type: s.type,
      status: s.status,
      sellerActive: s.sellerActive !== false,
      ...(cover ? { imageUrl: cover } : { imageUrl: null }),
    });
  }

  applyDeleted(productId: string, ownerId: string, version: number): Promise<void> {
    return guardedUpsert(this.model, productId, 'version', version, {
      ownerId,
      status: 'deleted',
    });
  }
}
