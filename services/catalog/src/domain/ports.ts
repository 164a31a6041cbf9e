import type { Readable } from 'node:stream';
import type { ListingLocation } from './product';

/** What storage says about an uploaded object. */
export interface StoredObject {
  size: number;
  contentType?: string;
  /** The first bytes, to check the file really is an image. */
  head: Uint8Array;
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

/** Image storage (S3 or local disk) as the use cases see it. */
export interface ImageStorage {
  publicUrl(key: string): string;
  /** The key behind a URL this store made, or undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
  inspect(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Buffer | undefined>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  presignUpload(input: {
    key: string;
    contentType: string;
    size?: number;
    expiresIn: number;
  }): Promise<{ url: string; headers: Record<string, string> }>;
  /** Where a browser gets the image at `key`; undefined when there is none. */
  deliver(key: string): Promise<ImageDelivery | undefined>;
  /**
   * Stores an upload sent to one of our own signed URLs (local disk). A storage that takes
   * uploads at its own server (S3) refuses it as not found.
   */
  receiveUpload(upload: DirectUpload): Promise<void>;
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
