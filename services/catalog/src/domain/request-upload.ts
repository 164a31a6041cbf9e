import { AppError } from '@swapbooth/service-kit';
import {
  imageContentTypes,
  isSafeId,
  uploadKey,
  type FolderType,
  type ImageContentType,
} from './image-keys';
import type { DirectUpload, ImageStorage } from './ports';
import { sizeLimitText } from './publish-image';

export interface UploadRequest {
  fileName: string;
  fileType: ImageContentType;
  folderType: FolderType;
  /** Bytes; signed into the URL, so storage refuses any other size. */
  fileSize: number;
}

export interface UploadTicket {
  /** Where the file is PUT: the private area, which nobody but catalog reads. */
  presignedUrl: string;
  /**
   * Where the image is read once it is published, i.e. checked and re-encoded when attached to a
   * listing or profile; nothing is there before. Clients send it back as the image's URL.
   */
  s3ObjectUrl: string;
  key: string;
  expiresIn: number;
  /** Headers the PUT must carry exactly as given (they are part of the signature). */
  headers: Record<string, string>;
  maxBytes: number;
}

interface Deps {
  storage: ImageStorage;
  /** How long an upload URL stays valid. */
  uploadUrlTtlSeconds: number;
  maxImageBytes: number;
  newId(): string;
}

/**
 * A short-lived signed PUT for one image under the caller's own folder; the key is ours, not
 * theirs. What is uploaded stays private until it is attached, and is deleted if it never is.
 */
export async function requestUpload(
  deps: Deps,
  userId: string,
  req: UploadRequest,
): Promise<UploadTicket> {
  if (!isSafeId(userId)) throw AppError.invalid('userId: cannot be used for uploads', 'userId');
  if (req.fileSize > deps.maxImageBytes) {
    throw AppError.invalid(
      `fileSize: images can be at most ${sizeLimitText(deps.maxImageBytes)}`,
      'fileSize',
    );
  }
  const key = uploadKey(req.folderType, userId, deps.newId(), imageContentTypes[req.fileType]);
  const signed = await deps.storage.presignUpload({
    key,
    contentType: req.fileType,
    size: req.fileSize,
    expiresIn: deps.uploadUrlTtlSeconds,
  });
  return {
    presignedUrl: signed.url,
    s3ObjectUrl: deps.storage.publicUrl(key),
    key,
    expiresIn: deps.uploadUrlTtlSeconds,
    headers: signed.headers,
    maxBytes: deps.maxImageBytes,
  };
}

/** Stores an upload sent to one of our own signed URLs (refused where storage takes them itself). */
export const receiveUpload = (deps: { storage: ImageStorage }, upload: DirectUpload) =>
  deps.storage.receiveUpload(upload);

/** Deletes the uploads that waited longer than their time to be attached; says how many went. */
export const expireUploads = (deps: {
  storage: ImageStorage;
  uploadTtlSeconds: number;
  now(): Date;
}) => deps.storage.expireUploads(new Date(deps.now().getTime() - deps.uploadTtlSeconds * 1000));
