import { AppError } from '@swapbooth/service-kit';
import type { Taxonomy } from './category';
import { resolveImages, type ImageInput } from './product-images';
import type { AddressBook, MemberDirectory } from './ports';
import type { PublishDeps } from './publish-image';
import type { Condition, ListingLocation, Product, ProductFields, ProductType } from './product';

/** What an owner may send for a listing (already shape-checked by the API schema). */
export interface ProductInput {
  title: string;
  description: string;
  category: string;
  subCategory?: string;
  brand?: string;
  condition?: Condition;
  color?: string;
  type: ProductType;
  weight?: number;
  tags?: string[];
  images?: ImageInput[];
  addressId?: string;
}

/** A partial edit; an empty string clears an optional text field. */
export type ProductPatch = Partial<ProductInput>;

export interface FieldDeps extends PublishDeps {
  taxonomy: Taxonomy;
  addresses: AddressBook;
  members: MemberDirectory;
}

export interface Actor {
  userId: string;
  /** The caller's Authorization header, forwarded when asking auth about their addresses. */
  authorization: string;
}

const clean = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);

/** Trimmed, de-duplicated (case-insensitively) tags in the order given. */
export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const t = raw.trim();
    if (t && !seen.has(t.toLowerCase())) {
      seen.add(t.toLowerCase());
      out.push(t);
    }
  }
  return out;
}

function checkCondition(type: ProductType, condition: Condition | undefined): void {
  if (type === 'service' && condition) {
    throw AppError.invalid('condition: only items have a condition', 'condition');
  }
  if (type === 'item' && !condition) {
    throw AppError.invalid('condition: is required for items', 'condition');
  }
}

async function locate(
  deps: FieldDeps,
  actor: Actor,
  addressId: string | undefined,
): Promise<ListingLocation | undefined> {
  if (addressId) {
    const found = await deps.addresses.find(addressId, actor.authorization);
    if (!found) throw AppError.invalid('addressId: not one of your addresses', 'addressId');
    return found;
  }
  // Without an address the listing is placed at the owner's default address, when we know it.
  return (await deps.members.find(actor.userId))?.defaultAddress;
}

/** Validates a new listing's fields against the taxonomy, the owner's uploads and addresses. */
export async function buildFields(
  deps: FieldDeps,
  actor: Actor,
  input: ProductInput,
): Promise<ProductFields> {
  const { category, subCategory } = deps.taxonomy.resolve(
    input.category,
    clean(input.subCategory),
    input.type,
  );
  checkCondition(input.type, input.condition);
  const location = await locate(deps, actor, clean(input.addressId));
  // Last: images are published once every other field is known to be valid.
  const images = await resolveImages(deps, input.images ?? [], actor.userId);
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    category,
    ...(subCategory ? { subCategory } : {}),
    ...(clean(input.brand) ? { brand: clean(input.brand) } : {}),
    ...(input.condition ? { condition: input.condition } : {}),
    ...(clean(input.color) ? { color: clean(input.color) } : {}),
    type: input.type,
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
    tags: normalizeTags(input.tags ?? []),
    images,
    ...(location ? { location } : {}),
  };
}

/** Applies an edit to a listing's fields; re-checks only what the edit touches. */
export async function patchFields(
  deps: FieldDeps,
  actor: Actor,
  current: Product,
  patch: ProductPatch,
): Promise<ProductFields> {
  const next: ProductFields = {
    title: current.title,
    description: current.description,
    category: current.category,
    subCategory: current.subCategory,
    brand: current.brand,
    condition: current.condition,
    color: current.color,
    type: current.type,
    weight: current.weight,
    tags: current.tags,
    images: current.images,
    location: current.location,
  };
  if (patch.title !== undefined) next.title = patch.title.trim();
  if (patch.description !== undefined) next.description = patch.description.trim();
  if (patch.brand !== undefined) next.brand = clean(patch.brand);
  if (patch.color !== undefined) next.color = clean(patch.color);
  if (patch.weight !== undefined) next.weight = patch.weight;
  if (patch.tags !== undefined) next.tags = normalizeTags(patch.tags);
  if (patch.type !== undefined) next.type = patch.type;
  if (patch.condition !== undefined) next.condition = patch.condition;
  // A service has no condition: switching an item to a service drops it.
  if (patch.type === 'service' && patch.condition === undefined) next.condition = undefined;
  const taxonomyTouched =
    patch.category !== undefined || patch.subCategory !== undefined || patch.type !== undefined;
  if (taxonomyTouched) {
    const category = patch.category ?? current.category;
    const subCategory =
      patch.subCategory !== undefined
        ? clean(patch.subCategory)
        : patch.category !== undefined
          ? undefined
          : current.subCategory;
    const resolved = deps.taxonomy.resolve(category, subCategory, next.type);
    next.category = resolved.category;
    next.subCategory = resolved.subCategory;
  }
  checkCondition(next.type, next.condition);
  if (patch.addressId !== undefined) {
    next.location = clean(patch.addressId)
      ? await locate(deps, actor, clean(patch.addressId))
      : undefined;
  }
  // Last: images are published once every other field is known to be valid.
  if (patch.images !== undefined) {
    next.images = await resolveImages(deps, patch.images, current.userId, current.images);
  }
  return next;
}
