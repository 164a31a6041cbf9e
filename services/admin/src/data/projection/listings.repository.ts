import type { Connection } from 'mongoose';
import type { EventData } from '@swapbooth/contracts';
import type { ListingQuery, ListingRow, Page } from '../../domain/projection';
import { projectionModels, type ListingDoc, type ProjectionModels } from './projection.models';
import { escapeRegex, pageOf } from './page';

const listingRow = ({ _id, ...d }: ListingDoc): ListingRow => ({ productId: _id, ...d });

/**
 * The listings projection (catalog's product events), keyed by the product id; an event older
 * than the stored version changes nothing.
 */
export class ListingsRepository {
  private readonly listings: ProjectionModels['listings'];

  constructor(conn: Connection) {
    this.listings = projectionModels(conn).listings;
  }

  async changed(s: EventData<'product.updated'>) {
    const current = await this.listings.findById(s.productId).lean<ListingDoc>().exec();
    if (current && current.version >= s.version) return;
    const doc: Omit<ListingDoc, '_id'> = {
      sellerId: s.userId,
      title: s.title,
      category: s.category,
      type: s.type,
      status: s.status,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
      version: s.version,
    };
    await this.listings.updateOne({ _id: s.productId }, { $set: doc }, { upsert: true }).exec();
  }

  async deleted(d: EventData<'product.deleted'>) {
    const current = await this.listings.findById(d.productId).lean<ListingDoc>().exec();
    if (!current || current.version > d.version) return;
    await this.listings
      .updateOne({ _id: d.productId }, { $set: { status: 'deleted', version: d.version } })
      .exec();
  }

  async list(q: ListingQuery): Promise<Page<ListingRow>> {
    const filter: Record<string, unknown> = {};
    if (q.q) filter.title = { $regex: escapeRegex(q.q.trim()), $options: 'i' };
    if (q.status) filter.status = q.status;
    if (q.category) filter.category = q.category;
    if (q.sellerId) filter.sellerId = q.sellerId;
    return pageOf(this.listings, filter, { createdAt: -1, _id: 1 }, q, listingRow);
  }

  async find(productId: string) {
    const d = await this.listings.findById(productId).lean<ListingDoc>().exec();
    return d ? listingRow(d) : undefined;
  }

  /** Every listing with the fields the dashboard counts. */
  counted() {
    return this.listings.find({}, { status: 1, createdAt: 1 }).lean().exec();
  }
}
