import { AppError } from '@swapbooth/service-kit';
import { contentTypeOfExt, isPrivateFolder, parseUploadKey, type FolderType } from './image-keys';
import type { ImageCodec, ImageStorage } from './ports';

/** What publishing an upload needs: where it is, how to decode it, and the limits it must meet. */
export interface PublishDeps {
  storage: ImageStorage;
  codec: ImageCodec;
  maxImageBytes: number;
  /** Largest width or height, in pixels. */
  maxImageSide: number;
}

/** "10 MB", or "97 KB" under a megabyte. */
export const sizeLimitText = (bytes: number) =>
  bytes >= 1048576 ? `${Math.floor(bytes / 1048576)} MB` : `${Math.floor(bytes / 1024)} KB`;

const decodable = new Set(['jpeg', 'png', 'webp']);

/**
 * Makes an upload public: it must be a JPEG, PNG or WebP within the size and pixel limits; it is
 * re-encoded upright without metadata, the result is published under its key and the original is
 * deleted. A key already published is left as it is, so attaching the same image again is cheap.
 * A private folder's image (a dispute's photo) is published to the private area instead, never
 * public whatever it is attached to. Refusals are 400s naming `field`.
 */
export async function publishUpload(deps: PublishDeps, key: string, field: string): Promise<void> {
  const parsed = parseUploadKey(key);
  if (!parsed) throw AppError.invalid(`${field}: not an uploaded image`, field);
  const hidden = isPrivateFolder(parsed.folder);
  const exists = (k: string) => (hidden ? deps.storage.existsPrivate(k) : deps.storage.exists(k));
  if (await exists(key)) return;
  const refuse = (why: string) => AppError.invalid(`${field}: ${why}`, field);

  const stored = await deps.storage.inspectUpload(key);
  if (stored && stored.size > deps.maxImageBytes) {
    throw refuse(`larger than ${sizeLimitText(deps.maxImageBytes)}`);
  }
  const original = stored ? await deps.storage.readUpload(key) : undefined;
  if (!original) {
    // Another request may have published it meanwhile.
    if (await exists(key)) return;
    throw refuse('nothing was uploaded to this URL');
  }
  if (original.length > deps.maxImageBytes) {
    throw refuse(`larger than ${sizeLimitText(deps.maxImageBytes)}`);
  }
  const info = await deps.codec.probe(original);
  if (!info || !decodable.has(info.format)) throw refuse('not a JPEG, PNG or WebP image');
  if (info.width > deps.maxImageSide || info.height > deps.maxImageSide) {
    throw refuse(`wider or taller than ${deps.maxImageSide} pixels`);
  }
  let published: Buffer;
  try {
    published = await deps.codec.reencode(original, parsed.ext);
  } catch {
    throw refuse('not a JPEG, PNG or WebP image');
  }
  if (hidden) await deps.storage.writePrivate(key, published, contentTypeOfExt(parsed.ext));
  else await deps.storage.write(key, published, contentTypeOfExt(parsed.ext));
  await deps.storage.discardUpload(key);
}

/** Checks that a key is one of this member's uploads (of the given folder, if any). */
export function ownUploadKey(
  key: string | undefined,
  userId: string,
  folder?: FolderType,
): key is string {
  const parsed = key ? parseUploadKey(key) : undefined;
  return !!parsed && parsed.userId === userId && (!folder || parsed.folder === folder);
}

/** A member publishes one of their uploads ahead of using it (a profile picture, before saving). */
export async function publishOwnUpload(
  deps: PublishDeps,
  userId: string,
  key: string,
): Promise<{ key: string; url: string | null }> {
  if (!ownUploadKey(key, userId)) throw AppError.invalid('key: not an image you uploaded', 'key');
  await publishUpload(deps, key, 'key');
  const parsed = parseUploadKey(key)!;
  return { key, url: isPrivateFolder(parsed.folder) ? null : deps.storage.publicUrl(key) };
}

/**
 * A member's profile now shows this picture: if it is one of their uploads, it is published
 * (a URL of anything else is left alone). An upload that cannot be published is reported, not
 * retried.
 */
export async function publishProfilePicture(
  deps: PublishDeps,
  userId: string,
  url: string,
): Promise<'published' | 'not-ours' | { refused: string }> {
  const key = deps.storage.keyFromUrl(url);
  if (!ownUploadKey(key, userId, 'profile-pics')) return 'not-ours';
  try {
    await publishUpload(deps, key, 'profileImage');
    return 'published';
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid') return { refused: err.message };
    throw err;
  }
}
