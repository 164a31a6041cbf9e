import sharp from 'sharp';
import type { ImageExt } from '../../domain/image-keys';
import type { ImageCodec, ImageInfo } from '../../domain/ports';

/** Quality of the published image (resized copies use VARIANT_QUALITY). */
const QUALITY = 85;

/**
 * Decoding and re-encoding with sharp (libvips). Output carries no metadata (sharp keeps none
 * unless asked), pixels are converted to sRGB, and `rotate()` applies the EXIF orientation.
 */
export const sharpCodec: ImageCodec = {
  async probe(bytes: Buffer): Promise<ImageInfo | undefined> {
    try {
      // Only the header is read; the pixel limit is the caller's to check on these numbers.
      const m = await sharp(bytes, { limitInputPixels: false }).metadata();
      if (!m.format || !m.width || !m.height) return undefined;
      return { format: m.format, width: m.width, height: m.height };
    } catch {
      return undefined;
    }
  },

  async reencode(bytes: Buffer, format: ImageExt): Promise<Buffer> {
    const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    // Fast settings: this runs inside the request that attaches the image. (mozjpeg took 13 s
    // for a 12-megapixel photo on a busy two-core machine; libjpeg-turbo under one.)
    if (format === 'png') return pipeline.png().toBuffer();
    if (format === 'webp') return pipeline.webp({ quality: QUALITY, effort: 2 }).toBuffer();
    return pipeline.jpeg({ quality: QUALITY }).toBuffer();
  },
};
