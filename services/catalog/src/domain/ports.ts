import type { Readable } from 'node:stream';
import type { ImageExt } from './image-keys';
import type { ListingLocation } from './product';

/** What storage says about an upload waiting to be attached. */
export interface StoredObject {
  size: number;
  contentType?: string;
}

/** A stored image's bytes, for storages that have no server of their own to send them. */
export interface ImageFile {
  body: Readable;
  size: number;
  contentType: string;
}

/** How a browser gets a stored image: sent to where storage serves it, or sent by us. */
export type ImageDelivery = { redirect: string } | { file: ImageFile };

/** An upload sent to catalog itself: the signed query of its URL, its headers and its body. */
export interface DirectUpload {
  query: Record<string, unknown>;
  contentType?: string;
  contentLength?: string;
  body: Readable;
}

/**
 * Image storage (S3 or local disk) as the use cases see it. It has two areas under the same keys:
 * a private one where members' uploads land (readable only by catalog), and a public one holding
 * only the images catalog checked and re-encoded, and their resized copies.
 */
export interface ImageStorage {
  /** Where the published image of a key is read (nothing is there before it is published). */
  publicUrl(key: string): string;
  /** The key behind a URL this store made, or undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Buffer | undefined>;
  /** Publishes bytes under a key. */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Where a browser gets the published image at `key`; undefined when there is none. */
  deliver(key: string): Promise<ImageDelivery | undefined>;

  /** A short-lived signed PUT of one upload into the private area, of exactly `size` bytes. */
  presignUpload(input: {
    key: string;
    contentType: string;
    size: number;
    expiresIn: number;
  }): Promise<{ url: string; headers: Record<string, string> }>;
  /**
   * Stores an upload sent to one of our own signed URLs (local disk). A storage that takes
   * uploads at its own server (S3) refuses it as not found.
   */
  receiveUpload(upload: DirectUpload): Promise<void>;
  inspectUpload(key: string): Promise<StoredObject | undefined>;
  readUpload(key: string): Promise<Buffer | undefined>;
  discardUpload(key: string): Promise<void>;
  /** Deletes the uploads stored before `cutoff`; says how many went. */
  expireUploads(cutoff: Date): Promise<number>;

  /** The private area (never public): where private photos are published. */
  writePrivate(key: string, body: Buffer, contentType: string): Promise<void>;
  existsPrivate(key: string): Promise<boolean>;
  /** A URL reading one private file for `expiresIn` seconds (storage checks its signature). */
  privateReadUrl(key: string, expiresIn: number): Promise<string>;
  /**
   * A private file catalog sends itself (local disk), when the signed URL's parameters hold; a
   * storage with its own server (S3) has none.
   */
  deliverPrivate(key: string, query: Record<string, unknown>): Promise<ImageFile | undefined>;
}

/** What a file's header says about the image in it. */
export interface ImageInfo {
  /** The decoder's name for the format: jpeg, png, webp (or gif, svg, tiff… which we refuse). */
  format: string;
  width: number;
  height: number;
}

/** Decoding and re-encoding images. */
export interface ImageCodec {
  /** Reads the header; undefined when the bytes are no image the decoder knows. */
  probe(bytes: Buffer): Promise<ImageInfo | undefined>;
  /**
   * Decodes the whole image and encodes it again as `format`, turned upright by its EXIF
   * orientation and without any metadata (EXIF, GPS, XMP, comments). Throws on damaged data.
   */
  reencode(bytes: Buffer, format: ImageExt): Promise<Buffer>;
}

/** One of a member's addresses as the auth service knows it (undefined: not theirs or absent). */
export interface AddressBook {
  find(addressId: string, authorization: string): Promise<ListingLocation | undefined>;
}

/** What catalog knows about a member from the auth, exchange and payment events. */
export interface MemberFacts {
  userId: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  profileImage?: string;
  status?: 'active' | 'suspended' | 'deleted';
  defaultAddress?: ListingLocation;
  ratingAverage?: number;
  ratingCount?: number;
  idVerified?: boolean;
}

export interface MemberDirectory {
  find(userId: string): Promise<MemberFacts | undefined>;
  findMany(userIds: string[]): Promise<Map<string, MemberFacts>>;
}
