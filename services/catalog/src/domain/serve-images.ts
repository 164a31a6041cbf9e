import { AppError } from '@swapbooth/service-kit';
import type { ImageExt, VariantWidth } from './image-keys';
import type { ImageDelivery, ImageFile, ImageStorage } from './ports';

interface Deps {
  storage: ImageStorage;
  variants: { ensure(key: string, width: VariantWidth, format?: ImageExt): Promise<string> };
}

/**
 * A resized copy of an uploaded image (made on first request), as the browser gets it: WebP when
 * the browser accepts it (a fraction of a PNG's bytes), else the original's format.
 */
export async function imageVariant(
  deps: Deps,
  key: string,
  width: VariantWidth,
  acceptsWebp = false,
): Promise<ImageDelivery> {
  const format = acceptsWebp ? 'webp' : undefined;
  const delivery = await deps.storage.deliver(await deps.variants.ensure(key, width, format));
  if (!delivery) throw AppError.notFound('Image not found');
  return delivery;
}

/** A stored image that catalog sends itself (local disk); storages with their own server have none. */
export async function storedImageFile(
  deps: Pick<Deps, 'storage'>,
  key: string,
): Promise<ImageFile> {
  const delivery = await deps.storage.deliver(key);
  if (!delivery || !('file' in delivery)) throw AppError.notFound('Image not found');
  return delivery.file;
}
