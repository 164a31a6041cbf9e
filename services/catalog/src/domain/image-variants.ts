import { AppError } from '@swapbooth/service-kit';
import {
  contentTypeOfExt,
  isPrivateFolder,
  parseUploadKey,
  sniffImageType,
  variantKey,
  type ImageExt,
  type VariantWidth,
} from './image-keys';
import type { ImageStorage } from './ports';

export interface Resizer {
  /** Scales down to `width` (never up) and re-encodes in the same format at our variant quality. */
  resize(original: Buffer, width: number, format: ImageExt): Promise<Buffer>;
}

/**
 * Resized copies of uploaded images, made on first request and stored next to the original, so
 * every later request is a plain read. Concurrent first requests in one process share one resize.
 */
export class ImageVariants {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly storage: ImageStorage,
    private readonly resizer: Resizer,
    private readonly maxBytes: number,
  ) {}

  /**
   * The key of the variant, made now if it does not exist yet: in the original's format, or in
   * `format` (WebP for browsers that accept it).
   */
  ensure(key: string, width: VariantWidth, format?: ImageExt): Promise<string> {
    const parsed = parseUploadKey(key);
    if (!parsed) throw AppError.invalid('key: not an uploaded image', 'key');
    // Private photos have no public copies.
    if (isPrivateFolder(parsed.folder)) throw AppError.notFound('Image not found');
    const target = variantKey(key, width, format);
    const pending = this.inFlight.get(target);
    if (pending) return pending;
    const work = this.make(key, target, width, format ?? parsed.ext).finally(() =>
      this.inFlight.delete(target),
    );
    this.inFlight.set(target, work);
    return work;
  }

  private async make(key: string, target: string, width: number, ext: ImageExt): Promise<string> {
    if (await this.storage.exists(target)) return target;
    const original = await this.storage.read(key);
    if (!original) throw AppError.notFound('Image not found');
    if (original.length > this.maxBytes || !sniffImageType(original.subarray(0, 16))) {
      throw AppError.invalid('key: not an image we can resize', 'key');
    }
    let resized: Buffer;
    try {
      resized = await this.resizer.resize(original, width, ext);
    } catch {
      throw AppError.invalid('key: not an image we can resize', 'key');
    }
    await this.storage.write(target, resized, contentTypeOfExt(ext));
    return target;
  }
}
