import { MAX_PRODUCT_IMAGES } from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import { ownUploadKey, publishUpload, type PublishDeps } from './publish-image';
import type { ProductImage } from './product';

export const MAX_IMAGES = MAX_PRODUCT_IMAGES;

export interface ImageInput {
  image_url: string;
  is_default?: boolean;
  display_order?: number;
}

/**
 * Turns the images a client sent into a listing's images: only files this owner uploaded through
 * our flow for a listing, ordered from 1, with exactly one cover. Each new one is published
 * (checked, re-encoded without metadata) one at a time; images already on the listing are kept.
 */
export async function resolveImages(
  deps: PublishDeps,
  inputs: ImageInput[],
  ownerId: string,
  current: ProductImage[] = [],
): Promise<ProductImage[]> {
  if (inputs.length > MAX_IMAGES) {
    throw AppError.invalid(`images: at most ${MAX_IMAGES} images`, 'images');
  }
  const covers = inputs.filter((i) => i.is_default === true).length;
  if (covers > 1) throw AppError.invalid('images: exactly one image can be the cover', 'images');

  const known = new Set(current.map((i) => i.key));
  const seen = new Set<string>();
  const resolved = inputs.map((input, index) => {
    const field = `images.${index}.image_url`;
    const key = deps.storage.keyFromUrl(input.image_url);
    if (!ownUploadKey(key, ownerId, 'products')) {
      throw AppError.invalid(`${field}: not an image you uploaded for a listing`, field);
    }
    if (seen.has(key)) throw AppError.invalid(`${field}: the same image is listed twice`, field);
    seen.add(key);
    return { key, input, index, field };
  });
  // One at a time: each is decoded in full, and ten at once would hold ten images in memory.
  for (const r of resolved) {
    if (!known.has(r.key)) await publishUpload(deps, r.key, r.field);
  }

  const ordered = resolved.sort(
    (a, b) =>
      (a.input.display_order ?? Number.MAX_SAFE_INTEGER) -
        (b.input.display_order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index,
  );
  const coverKey = (ordered.find((r) => r.input.is_default) ?? ordered[0])?.key;
  return ordered.map((r, i) => ({
    key: r.key,
    url: deps.storage.publicUrl(r.key),
    isDefault: r.key === coverKey,
    displayOrder: i + 1,
  }));
}
