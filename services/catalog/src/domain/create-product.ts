import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import { buildFields, type Actor, type FieldDeps, type ProductInput } from './product-fields';
import type { ProductRepository } from './product-repository';
import {
  searchTextOf,
  slugCandidate,
  slugify,
  snapshotOf,
  type Product,
  type VariantUrl,
} from './product';

export interface CreateProductDeps extends FieldDeps {
  products: ProductRepository;
  newId(): string;
  /** Random characters for slug suffixes. */
  randomSuffix(): string;
  now(): Date;
  variantUrl: VariantUrl;
}

const MAX_SLUG_ATTEMPTS = 8;

/** Creates a listing owned by the caller, with a unique readable slug, and raises product.created. */
export async function createProduct(
  deps: CreateProductDeps,
  actor: Actor,
  input: ProductInput & { status?: 'draft' | 'published' },
): Promise<Product> {
  const member = await deps.members.find(actor.userId);
  if (member?.status === 'suspended' || member?.status === 'deleted') {
    throw AppError.forbidden('Your account is suspended; you cannot create listings');
  }
  const fields = await buildFields(deps, actor, input);
  const base = slugify(fields.title);
  const now = deps.now();
  const id = deps.newId();
  // The unique index decides between concurrent creates; a loser retries with a random suffix.
  for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
    const product: Product = {
      ...fields,
      id,
      userId: actor.userId,
      slug: slugCandidate(base, attempt, deps.randomSuffix),
      searchText: searchTextOf(fields),
      status: input.status ?? 'published',
      sellerActive: true,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    const outcome = await deps.products.insert(product, [
      domainEvent('product.created', id, snapshotOf(product, deps.variantUrl)),
    ]);
    if (outcome === 'inserted') return product;
  }
  throw AppError.conflict('Could not find a free link for this title; try again');
}
