import type { ListingLocation } from './product';

/** What storage says about an uploaded object. */
export interface StoredObject {
  size: number;
  contentType?: string;
  /** The first bytes, to check the file really is an image. */
  head: Uint8Array;
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
