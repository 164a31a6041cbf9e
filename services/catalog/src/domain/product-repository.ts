import type { DomainEvent } from '@swapbooth/event-bus';
import type { Product, ProductStatus } from './product';

export interface ListQuery {
  userId?: string;
  statuses: readonly ProductStatus[];
  /** Only listings whose seller is active. */
  activeSellersOnly: boolean;
  page: number;
  limit: number;
}

/** Listings storage as the use cases see it; each write stores its events in the same document. */
export interface ProductRepository {
  /** 'slug-taken' when another listing already has this slug (the caller retries with a new one). */
  insert(product: Product, events: DomainEvent[]): Promise<'inserted' | 'slug-taken'>;
  /** Replaces the state if nobody wrote since `expectedVersion`; false otherwise. */
  replace(product: Product, expectedVersion: number, events: DomainEvent[]): Promise<boolean>;
  findById(id: string): Promise<Product | undefined>;
  findBySlug(slug: string): Promise<Product | undefined>;
  findByIds(ids: string[]): Promise<Product[]>;
  list(query: ListQuery): Promise<{ items: Product[]; total: number }>;
  count(query: Omit<ListQuery, 'page' | 'limit'>): Promise<number>;
  /** Ids of a member's listings (any status), for bulk changes. */
  idsOfOwner(userId: string): Promise<string[]>;
  /** Ids of listings reserved by a proposal. */
  idsReservedBy(proposalId: string): Promise<string[]>;
}
