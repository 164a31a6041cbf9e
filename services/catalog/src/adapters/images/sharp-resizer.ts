import sharp from 'sharp';
import { VARIANT_QUALITY } from '../../domain/image-keys';
import type { ImageExt } from '../../domain/image-keys';
import type { Resizer } from '../../domain/image-variants';

/** Resizing with sharp (libvips): width-bound, never enlarged, EXIF orientation applied. */
export const sharpResizer: Resizer = {
  async resize(original: Buffer, width: number, format: ImageExt): Promise<Buffer> {
    const pipeline = sharp(original, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    if (format === 'png') return pipeline.png({ quality: VARIANT_QUALITY }).toBuffer();
    if (format === 'webp') return pipeline.webp({ quality: VARIANT_QUALITY }).toBuffer();
    return pipeline.jpeg({ quality: VARIANT_QUALITY, mozjpeg: true }).toBuffer();
  },
};
