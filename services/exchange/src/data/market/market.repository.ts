import type { Connection, Model } from 'mongoose';
import type { MarketScan } from '../../domain/circle-ports';
import type { Listing } from '../../domain/proposal-ports';
import { listingModel, type ListingDoc } from '../listings/listing.model';
import { reservationModel, type ReservationDoc } from '../reservations/reservation.model';

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

/**
 * The matcher's reads of the whole market: one query each over the listings projection and the
 * reservations (on FerretDB any filter reads the collection once, which is what a full match needs;
 * on MongoDB `$in` uses the _id index).
 */
export class MarketRepository implements MarketScan {
  private readonly listings: Model<ListingDoc>;
  private readonly reservations: Model<ReservationDoc>;

  constructor(conn: Connection) {
    this.listings = listingModel(conn);
    this.reservations = reservationModel(conn);
  }

  async listingsIn(ids: readonly string[]): Promise<Map<string, Listing>> {
    if (ids.length === 0) return new Map();
    const docs = await this.listings
      .find({ _id: { $in: [...ids] } })
      .lean<ListingDoc[]>()
      .exec();
    return new Map(docs.map((d) => [d._id, toListing(d)]));
  }

  async reservedListingIds(): Promise<Set<string>> {
    const docs = await this.reservations.find({}, { _id: 1 }).lean<{ _id: string }[]>().exec();
    return new Set(docs.map((d) => d._id));
  }
}
