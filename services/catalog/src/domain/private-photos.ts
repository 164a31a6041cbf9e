import { AppError } from '@swapbooth/service-kit';
import { isPrivateFolder, parseUploadKey } from './image-keys';
import type { ImageFile, ImageStorage } from './ports';

/** How long a private photo's URL reads it (seconds): long enough to show a page, no longer. */
export const PRIVATE_URL_TTL_SECONDS = 300;

/** Who may read private photos besides their uploaders (a dispute's parties). */
export interface PhotoReaders {
  allow(keys: readonly string[], readers: readonly string[], disputeId: string): Promise<void>;
  readable(keys: readonly string[], userId: string): Promise<Set<string>>;
}

interface Deps {
  storage: ImageStorage;
  photoReaders: PhotoReaders;
}

export interface PrivateUrls {
  urls: { key: string; url: string }[];
  expires_in: number;
}

const privateKey = (key: string) => {
  const parsed = parseUploadKey(key);
  return parsed && isPrivateFolder(parsed.folder) ? parsed : undefined;
};

/** Short-lived URLs of the photos that were published (an unpublished one is left out). */
async function signed(deps: Deps, keys: readonly string[]): Promise<PrivateUrls> {
  const unique = [...new Set(keys)];
  const urls = await Promise.all(
    unique.map(async (key) =>
      (await deps.storage.existsPrivate(key))
        ? { key, url: await deps.storage.privateReadUrl(key, PRIVATE_URL_TTL_SECONDS) }
        : undefined,
    ),
  );
  return {
    urls: urls.filter((u): u is { key: string; url: string } => !!u),
    expires_in: PRIVATE_URL_TTL_SECONDS,
  };
}

/**
 * A member reads private photos: their own uploads, and the photos of the disputes they are a
 * party to. Any other key refuses the whole request (403), saying nothing of what it holds.
 */
export async function memberPhotoUrls(
  deps: Deps,
  userId: string,
  keys: readonly string[],
): Promise<PrivateUrls> {
  if (keys.some((k) => !privateKey(k))) throw AppError.invalid('keys: not private photos', 'keys');
  const others = keys.filter((k) => privateKey(k)!.userId !== userId);
  const allowed = others.length ? await deps.photoReaders.readable(others, userId) : new Set();
  if (others.some((k) => !allowed.has(k))) {
    throw AppError.forbidden('You may not see these photos');
  }
  return signed(deps, keys);
}

/** An admin with the disputes area reads a dispute's photos (the admin service audits the view). */
export async function adminPhotoUrls(deps: Deps, keys: readonly string[]): Promise<PrivateUrls> {
  if (keys.some((k) => !privateKey(k))) throw AppError.invalid('keys: not private photos', 'keys');
  return signed(deps, keys);
}

/**
 * A dispute was opened with photos: both parties may read them. Only the opener's own uploads
 * are taken (exchange checked it; a key of anyone else's is ignored).
 */
export async function allowDisputeParties(
  deps: Pick<Deps, 'photoReaders'>,
  d: { disputeId: string; openedBy: string; respondentId: string; photoKeys?: string[] },
): Promise<void> {
  const keys = (d.photoKeys ?? []).filter((k) => privateKey(k)?.userId === d.openedBy);
  await deps.photoReaders.allow(keys, [d.openedBy, d.respondentId], d.disputeId);
}

/** A private file sent by catalog itself, to a URL it signed (local disk only). */
export async function privateFile(
  deps: Pick<Deps, 'storage'>,
  key: string,
  query: Record<string, unknown>,
): Promise<ImageFile> {
  const file = privateKey(key) ? await deps.storage.deliverPrivate(key, query) : undefined;
  if (!file) throw AppError.notFound('Image not found');
  return file;
}
