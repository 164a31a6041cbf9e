import type { ProductSnapshot } from '@swapbooth/contracts';
import type { IndexWriter } from './index-writer';
import {
  composeListing,
  isListed,
  productFactsFromDocument,
  productFactsOf,
  sellerFactsFromDocument,
  type BoothFacts,
  type ProductFacts,
  type SellerFacts,
  type SellerStatus,
} from './listing-projection';
import type { BoothStore, ListingDocument, ListingStore, SellerStore } from './ports';

export interface ProjectorDeps {
  listings: ListingStore;
  sellers: SellerStore;
  booths: BoothStore;
  index: IndexWriter;
  /** Told of listings a product event put into search (published or edited), once indexed. */
  listed?: (docs: readonly ListingDocument[]) => Promise<void>;
}

/** How many listings one indexing or loading step handles at once. */
export const BATCH_SIZE = 500;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** A listing's search document and whether it belongs in search. */
interface Composed {
  id: string;
  visible: boolean;
  doc: ListingDocument;
}

function compose(product: ProductFacts, seller?: SellerFacts, booth?: BoothFacts): Composed {
  const sources = { product, seller, booth };
  return { id: product.productId, visible: isListed(sources), doc: composeListing(sources) };
}

/**
 * Keeps the listing projection and the engine in step with catalog, account, payment and rating
 * events. Each change records its part (ignoring anything older than what is stored), composes
 * the listing documents that part feeds, and indexes or removes them by visibility.
 */
export class ListingProjector {
  constructor(private readonly deps: ProjectorDeps) {}

  async productChanged(snapshot: ProductSnapshot): Promise<void> {
    const facts = productFactsOf(snapshot);
    if (await this.deps.listings.applyProduct(facts, snapshot.version)) {
      const listed = await this.reindex(facts.sellerId, [facts]);
      if (listed.length > 0) await this.deps.listed?.(listed);
    }
  }

  async productDeleted(productId: string, sellerId: string, version: number): Promise<void> {
    if (await this.deps.listings.applyDeletion(productId, sellerId, version)) {
      await this.deps.index.apply([], [productId]);
    }
  }

  async profileChanged(
    userId: string,
    version: number,
    profile: Pick<SellerFacts, 'firstName' | 'lastName' | 'username' | 'profileImage'>,
  ): Promise<void> {
    if (await this.deps.sellers.applyProfile(userId, version, profile)) {
      await this.reindexSeller(userId);
    }
  }

  async addressChanged(
    userId: string,
    version: number,
    address: NonNullable<SellerFacts['address']>,
  ): Promise<void> {
    if (await this.deps.sellers.applyAddress(userId, version, address)) {
      await this.reindexSeller(userId);
    }
  }

  async statusChanged(userId: string, at: Date, status: SellerStatus): Promise<void> {
    if (await this.deps.sellers.applyStatus(userId, at, status)) await this.reindexSeller(userId);
  }

  async identityChanged(userId: string, at: Date, verified: boolean): Promise<void> {
    if (await this.deps.sellers.applyIdentity(userId, at, verified)) {
      await this.reindexSeller(userId);
    }
  }

  /** A rating counted or removed: the member's average and count at summary `version`. */
  async ratingChanged(
    userId: string,
    count: number,
    average: number,
    version?: number,
  ): Promise<void> {
    if (await this.deps.sellers.applyRating(userId, count, average, version)) {
      await this.reindexSeller(userId);
    }
  }

  async boothChanged(userId: string, version: number, booth: BoothFacts): Promise<void> {
    if (await this.deps.booths.apply(userId, version, booth)) await this.reindexSeller(userId);
  }

  /**
   * Indexes every listed document, composed from the stored listings, sellers and booths. The
   * in-process engine starts empty and is filled this way at start; reindexing uses it too.
   * Listings an event indexes meanwhile keep the event's version. Returns how many were indexed.
   */
  async indexAll(): Promise<number> {
    const [sellers, booths] = await Promise.all([this.deps.sellers.all(), this.deps.booths.all()]);
    const listings = this.deps.listings;
    async function* listed(): AsyncIterable<ListingDocument[]> {
      for await (const products of listings.allProducts(BATCH_SIZE)) {
        yield products
          .map((p) => compose(p, sellers.get(p.sellerId), booths.get(p.sellerId)))
          .filter((l) => l.visible)
          .map((l) => l.doc);
      }
    }
    return this.deps.index.load(listed());
  }

  /**
   * Writes ready-made documents straight into the projection and the engine, as published
   * listings of sellers in good standing (benchmarks and demo data). Sellers and booths not yet
   * known are seeded from the documents so later events recompose them faithfully.
   */
  async bulkLoad(docs: readonly ListingDocument[]): Promise<void> {
    for (const batch of chunks(docs, BATCH_SIZE)) {
      const sellers = new Map<string, SellerFacts>();
      const booths = new Map<string, BoothFacts>();
      for (const doc of batch) {
        if (!sellers.has(doc.sellerId)) sellers.set(doc.sellerId, sellerFactsFromDocument(doc));
        if (doc.boothName && !booths.has(doc.sellerId)) {
          booths.set(doc.sellerId, {
            boothId: `booth-${doc.sellerId}`,
            name: doc.boothName,
            interests: doc.boothInterests,
            status: 'active',
          });
        }
      }
      await Promise.all([this.deps.sellers.seed(sellers), this.deps.booths.seed(booths)]);
      await this.deps.listings.replaceMany(batch.map(productFactsFromDocument));
      await this.deps.index.apply(batch, []);
    }
  }

  private async reindexSeller(sellerId: string): Promise<void> {
    const products = await this.deps.listings.productsOf(sellerId);
    for (const batch of chunks(products, BATCH_SIZE)) await this.reindex(sellerId, batch);
  }

  /** Composes and indexes (or drops) a seller's listings; returns those now in search. */
  private async reindex(
    sellerId: string,
    products: readonly ProductFacts[],
  ): Promise<ListingDocument[]> {
    if (products.length === 0) return [];
    const [seller, booth] = await Promise.all([
      this.deps.sellers.find(sellerId),
      this.deps.booths.findByUser(sellerId),
    ]);
    const composed = products.map((product) => compose(product, seller, booth));
    const visible = composed.filter((l) => l.visible).map((l) => l.doc);
    await this.deps.index.apply(
      visible,
      composed.filter((l) => !l.visible).map((l) => l.id),
    );
    return visible;
  }
}
