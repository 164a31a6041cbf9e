import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import { mutateProduct } from './mutate-product';
import { patchFields, type Actor, type FieldDeps, type ProductPatch } from './product-fields';
import { assertTransition } from './product-status';
import type { ProductRepository } from './product-repository';
import {
  editableStatuses,
  searchTextOf,
  snapshotOf,
  type Product,
  type ProductFields,
  type ProductStatus,
  type VariantUrl,
} from './product';

export interface UpdateProductDeps extends FieldDeps {
  products: ProductRepository;
  now(): Date;
  variantUrl: VariantUrl;
}

const sameFields = (a: ProductFields, b: ProductFields) =>
  JSON.stringify(fieldsOf(a)) === JSON.stringify(fieldsOf(b));

const fieldsOf = (p: ProductFields) => [
  p.title,
  p.description,
  p.category,
  p.subCategory,
  p.brand,
  p.condition,
  p.color,
  p.type,
  p.weight,
  p.tags,
  p.images,
  p.location,
];

/** The events a change raises: updated for fields, status-changed (and deleted on removal) for status. */
export function eventsFor(
  final: Product,
  previous: Product,
  fieldsChanged: boolean,
  variantUrl: VariantUrl,
): DomainEvent[] {
  const events: DomainEvent[] = [];
  if (fieldsChanged)
    events.push(domainEvent('product.updated', final.id, snapshotOf(final, variantUrl)));
  if (final.status !== previous.status) {
    events.push(
      domainEvent('product.status-changed', final.id, {
        ...snapshotOf(final, variantUrl),
        previousStatus: previous.status,
      }),
    );
    if (final.status === 'removed') {
      events.push(
        domainEvent('product.deleted', final.id, {
          productId: final.id,
          userId: final.userId,
          version: final.version,
        }),
      );
    }
  }
  return events;
}

/** An owner's edit of their listing: allow-listed fields and/or a status the owner may set. */
export async function updateProduct(
  deps: UpdateProductDeps,
  actor: Actor,
  productId: string,
  patch: ProductPatch & { status?: ProductStatus },
): Promise<Product> {
  const { status, ...fieldPatch } = patch;
  const touchesFields = Object.values(fieldPatch).some((v) => v !== undefined);
  return mutateProduct(deps.products, productId, async (current) => {
    if (current.userId !== actor.userId) {
      throw AppError.forbidden('Only the owner can change this listing');
    }
    let fields: ProductFields = current;
    if (touchesFields) {
      if (!editableStatuses.includes(current.status)) {
        throw AppError.conflict(`A ${current.status} listing cannot be edited`);
      }
      fields = await patchFields(deps, actor, current, fieldPatch);
    }
    const nextStatus = status ?? current.status;
    if (nextStatus !== current.status) assertTransition('owner', current.status, nextStatus);
    const fieldsChanged = touchesFields && !sameFields(fields, current);
    if (!fieldsChanged && nextStatus === current.status) return undefined;
    const next: Product = {
      ...current,
      ...fields,
      searchText: searchTextOf(fields),
      status: nextStatus,
      updatedAt: deps.now(),
    };
    return { next, events: (final) => eventsFor(final, current, fieldsChanged, deps.variantUrl) };
  });
}
