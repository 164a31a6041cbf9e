/** Storage keys of uploaded images and their resized variants. Pure rules, no storage calls. */
import { imageFolderTypes, imageVariantWidths, type imageUploadTypes } from '@swapbooth/contracts';

/** The file extension of each image type an upload may have (the types are the contract's). */
export const imageContentTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const satisfies Record<(typeof imageUploadTypes)[number], string>;
export type ImageContentType = keyof typeof imageContentTypes;
export type ImageExt = (typeof imageContentTypes)[ImageContentType];

export const folderTypes = imageFolderTypes;
export type FolderType = (typeof folderTypes)[number];

export const variantWidths = imageVariantWidths;
export type VariantWidth = (typeof variantWidths)[number];
export const VARIANT_QUALITY = 75;

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ORIGINAL = new RegExp(
  `^(products|profile-pics|dispute-photos)/([A-Za-z0-9_-]{1,64})/(${UUID})\\.(jpg|png|webp)$`,
);

export const isSafeId = (id: string) => SAFE_ID.test(id);

/**
 * Folders whose images are never public: published to the store's private area and read only
 * through short-lived URLs given to their readers (a dispute's parties, admins).
 */
export const isPrivateFolder = (folder: FolderType) => folder === 'dispute-photos';

/** `products/<userId>/<uuid>.<ext>`: scoped to the uploader, never chosen by the client. */
export const uploadKey = (folder: FolderType, userId: string, uuid: string, ext: ImageExt) =>
  `${folder}/${userId}/${uuid}.${ext}`;

export interface ParsedKey {
  folder: FolderType;
  userId: string;
  id: string;
  ext: ImageExt;
}

/** Parses a key made by our upload flow; anything else (variants included) is undefined. */
export function parseUploadKey(key: string): ParsedKey | undefined {
  const m = ORIGINAL.exec(key);
  if (!m) return undefined;
  return { folder: m[1] as FolderType, userId: m[2]!, id: m[3]!, ext: m[4] as ImageExt };
}

/**
 * Deterministic key of a resized copy, stored next to the original: in the original's format, or
 * in `format` (a WebP copy of a PNG is `…_w300.webp`).
 */
export const variantKey = (key: string, width: VariantWidth, format?: ImageExt) =>
  key.replace(/\.(jpg|png|webp)$/, `_w${width}.${format ?? '$1'}`);

export const contentTypeOfExt = (ext: ImageExt): ImageContentType =>
  (Object.keys(imageContentTypes) as ImageContentType[]).find((t) => imageContentTypes[t] === ext)!;

/** The image type a file's first bytes announce, if it is one we accept. */
export function sniffImageType(head: Uint8Array): ImageContentType | undefined {
  const b = (i: number) => head[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}
