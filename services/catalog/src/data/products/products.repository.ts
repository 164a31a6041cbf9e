import { findAll } from '@swapbooth/service-kit';
import type { Connection, Model } from 'mongoose';
import { pushEvents, withOutbox } from '@swapbooth/event-bus';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { ListQuery, ProductRepository } from '../../domain/product-repository';
import type { Product } from '../../domain/product';
import { duplicateField, isDuplicateKey, toOutbox } from '@swapbooth/event-bus';
import { NO_OUTBOX, setAndUnset, withoutNulls } from '../documents';
import { productModel, type ProductDoc } from './product.model';

function toProduct(doc: ProductDoc): Product {
  const { _id, location, ...rest } = withoutNulls(doc);
  return {
    ...rest,
    id: _id,
    tags: rest.tags ?? [],
    images: (rest.images ?? []).map((i) => ({
      key: i.key,
      url: i.url,
      isDefault: i.isDefault,
      displayOrder: i.displayOrder,
    })),
    ...(location ? { location: withoutNulls(location) } : {}),
    sellerActive: rest.sellerActive !== false,
  };
}

function stateOf(p: Product): Record<string, unknown> {
  const { id: _id, ...state } = p;
  return {
    ...state,
    subCategory: p.subCategory,
    brand: p.brand,
    condition: p.condition,
    color: p.color,
    weight: p.weight,
    location: p.location,
    reservedBy: p.reservedBy,
  };
}

/** The only code that touches the products collection. */
export class ProductsRepository implements ProductRepository {
  private readonly model: Model<ProductDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = productModel(conn);
  }

  async insert(product: Product, events: DomainEvent[]): Promise<'inserted' | 'slug-taken'> {
    const { id, ...state } = product;
    try {
      await this.model.create({ _id: id, ...state, ...withOutbox(toOutbox(events, 'catalog')) });
    } catch (err) {
      if (isDuplicateKey(err) && duplicateField(err, ['_id'] as const) !== '_id') {
        return 'slug-taken';
      }
      throw err;
    }
    this.published();
    return 'inserted';
  }

  async replace(
    product: Product,
    expectedVersion: number,
    events: DomainEvent[],
  ): Promise<boolean> {
    const update = pushEvents(setAndUnset(stateOf(product)), toOutbox(events, 'catalog'));
    const res = await this.model
      .updateOne({ _id: product.id, version: expectedVersion }, update)
      .exec();
    if (res.matchedCount === 0) return false;
    if (events.length) this.published();
    return true;
  }

  /**
   * The collection without mongoose: reads go through the driver, as their filters hold stored
   * types already and mongoose's query building and casting cost about a third of a small read's
   * CPU (a browse page, a like).
   */
  private raw() {
    return this.model.db.collection<ProductDoc>(this.model.collection.collectionName);
  }

  async findById(id: string): Promise<Product | undefined> {
    const doc = await this.raw().findOne({ _id: id }, { projection: NO_OUTBOX });
    return doc ? toProduct(doc) : undefined;
  }

  async findBySlug(slug: string): Promise<Product | undefined> {
    const doc = await this.model.findOne({ slug }, NO_OUTBOX).lean<ProductDoc>().exec();
    return doc ? toProduct(doc) : undefined;
  }

  async findByIds(ids: string[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    const docs = await findAll(this.raw().find({ _id: { $in: ids } }, { projection: NO_OUTBOX }));
    return docs.map(toProduct);
  }

  private filter(q: Omit<ListQuery, 'page' | 'limit'>): Record<string, unknown> {
    return {
      status: { $in: q.statuses },
      ...(q.userId ? { userId: q.userId } : {}),
      ...(q.activeSellersOnly ? { sellerActive: { $ne: false } } : {}),
    };
  }

  async list(q: ListQuery): Promise<{ items: Product[]; total: number }> {
    const filter = this.filter(q);
    const [docs, total] = await Promise.all([
      findAll(
        this.raw().find(filter, {
          projection: NO_OUTBOX,
          sort: { createdAt: -1, _id: -1 },
          skip: (q.page - 1) * q.limit,
          limit: q.limit,
        }),
      ),
      this.raw().countDocuments(filter),
    ]);
    return { items: docs.map(toProduct), total };
  }

  count(q: Omit<ListQuery, 'page' | 'limit'>): Promise<number> {
    return this.raw().countDocuments(this.filter(q));
  }

  async idsOfOwner(userId: string): Promise<string[]> {
    const docs = await this.model.find({ userId }, { _id: 1 }).lean<{ _id: string }[]>().exec();
    return docs.map((d) => d._id);
  }

  async idsReservedBy(proposalId: string): Promise<string[]> {
    const docs = await this.model
      .find({ reservedBy: proposalId }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    return docs.map((d) => d._id);
  }
}
