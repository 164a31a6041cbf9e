import { AppError } from '@swapbooth/service-kit';
import { parseUploadKey, sniffImageType } from './image-keys';
import type { ImageStorage } from './ports';
import type { ProductImage } from './product';

export const MAX_IMAGES = 10;

export interface ImageInput {
  image_url: string;
  is_default?: boolean;
  display_order?: number;
}

/**
 * Turns the images a client sent into a listing's images: only files this owner uploaded through
 * our flow (and that are real images within the size limit), ordered from 1, with exactly one cover.
 * Images already on the listing are not inspected again.
 */
export async function resolveImages(
  inputs: ImageInput[],
  ownerId: string,
  storage: ImageStorage,
  maxBytes: number,
  current: ProductImage[] = [],
): Promise<ProductImage[]> {
  if (inputs.length > MAX_IMAGES) {
    throw AppError.invalid(`images: at most ${MAX_IMAGES} images`, 'images');
  }
  const covers = inputs.filter((i) => i.is_default === true).length;
  if (covers > 1) throw AppError.invalid('images: exactly one image can be the cover', 'images');

  const known = new Map(current.map((i) => [i.key, i]));
  const seen = new Set<string>();
  const resolved = await Promise.all(
    inputs.map(async (input, index) => {
      const field = `images.${index}.image_url`;
      const key = storage.keyFromUrl(input.image_url);
      const parsed = key ? parseUploadKey(key) : undefined;
      if (!key || !parsed || parsed.folder !== 'products' || parsed.userId !== ownerId) {
        throw AppError.invalid(`${field}: not an image you uploaded for a listing`, field);
      }
      if (seen.has(key)) throw AppError.invalid(`${field}: the same image is listed twice`, field);
      seen.add(key);
      if (!known.has(key)) await checkStored(storage, key, field, maxBytes);
      return { key, input, index };
    }),
  );

  const ordered = resolved.sort(
    (a, b) =>
      (a.input.display_order ?? Number.MAX_SAFE_INTEGER) -
        (b.input.display_order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index,
  );
  const coverKey = (ordered.find((r) => r.input.is_default) ?? ordered[0])?.key;
  return ordered.map((r, i) => ({
    key: r.key,
    url: storage.publicUrl(r.key),
    isDefault: r.key === coverKey,
    displayOrder: i + 1,
  }));
}

async function checkStored(
  storage: ImageStorage,
  key: string,
  field: string,
  maxBytes: number,
): Promise<void> {
  const stored = await storage.inspect(key);
  if (!stored) throw AppError.invalid(`${field}: nothing was uploaded to this URL`, field);
  if (stored.size > maxBytes) {
    throw AppError.invalid(`${field}: larger than ${Math.floor(maxBytes / 1048576)} MB`, field);
  }
  if (!sniffImageType(stored.head)) {
    throw AppError.invalid(`${field}: not a JPEG, PNG or WebP image`, field);
  }
}
