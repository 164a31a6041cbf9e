import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketLifecycleConfigurationCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketLifecycleConfigurationCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  S3Client,
  type LifecycleRule,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '@swapbooth/service-kit';
import type { ImageDelivery, ImageStorage, StoredObject } from '../../domain/ports';

export interface S3Settings {
  endpoint: string;
  /** The origin browsers use; presigned URLs are signed for this host. */
  publicUrl: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

const client = (endpoint: string, s: S3Settings) =>
  new S3Client({
    endpoint,
    region: s.region,
    forcePathStyle: true,
    // Otherwise newer SDKs sign a checksum into presigned PUTs that browsers cannot send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });

/** Uploads wait here, outside the folders the bucket policy makes public. */
const UPLOADS = 'uploads/';
/** Private photos live here, outside the public folders too: read only through presigned GETs. */
const PRIVATE = 'private/';
const EXPIRE_UPLOADS_RULE = 'swapbooth-expire-unattached-uploads';

/**
 * Images in an S3 bucket (MinIO locally). Uploads are presigned PUTs into `uploads/` with the
 * content type and the size signed in, so storage refuses any other
 * type or size; a lifecycle rule deletes them after a day. Only what catalog publishes, under the
 * two image folders, is publicly readable (a bucket policy on those folders).
 */
export class S3ImageStorage implements ImageStorage {
  private readonly s3: S3Client;
  private readonly signer: S3Client;
  private readonly base: string;

  constructor(private readonly s: S3Settings) {
    this.s3 = client(s.endpoint, s);
    this.signer = s.publicUrl === s.endpoint ? this.s3 : client(s.publicUrl, s);
    this.base = `${s.publicUrl}/${s.bucket}/`;
  }

  /** Creates the bucket if missing and lets anyone read uploaded images. */
  async ensureReady(): Promise<void> {
    const Bucket = this.s.bucket;
    try {
      await this.s3.send(new HeadBucketCommand({ Bucket }));
    } catch (err) {
      if (!isMissing(err)) throw err;
      try {
        await this.s3.send(new CreateBucketCommand({ Bucket }));
      } catch (createErr) {
        const name = (createErr as { name?: string }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw createErr;
      }
    }
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: [`arn:aws:s3:::${Bucket}/products/*`, `arn:aws:s3:::${Bucket}/profile-pics/*`],
        },
      ],
    };
    await this.s3.send(new PutBucketPolicyCommand({ Bucket, Policy: JSON.stringify(policy) }));
    await this.expireUploadsAfterADay();
  }

  /** Adds (or keeps) the rule deleting unattached uploads; other rules on the bucket stay. */
  private async expireUploadsAfterADay(): Promise<void> {
    const Bucket = this.s.bucket;
    let rules: LifecycleRule[] = [];
    try {
      rules =
        (await this.s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket }))).Rules ?? [];
    } catch (err) {
      if ((err as { name?: string }).name !== 'NoSuchLifecycleConfiguration' && !isMissing(err)) {
        throw err;
      }
    }
    const ours: LifecycleRule = {
      ID: EXPIRE_UPLOADS_RULE,
      Status: 'Enabled',
      Filter: { Prefix: UPLOADS },
      Expiration: { Days: 1 },
    };
    const current = rules.find((r) => r.ID === EXPIRE_UPLOADS_RULE);
    if (
      current?.Status === 'Enabled' &&
      current.Filter?.Prefix === UPLOADS &&
      current.Expiration?.Days === 1
    ) {
      return;
    }
    await this.s3.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket,
        LifecycleConfiguration: {
          Rules: [...rules.filter((r) => r.ID !== EXPIRE_UPLOADS_RULE), ours],
        },
      }),
    );
  }

  /** Closes the clients' sockets (at shutdown). */
  close(): void {
    this.s3.destroy();
    if (this.signer !== this.s3) this.signer.destroy();
  }

  publicUrl(key: string): string {
    return `${this.base}${key}`;
  }

  keyFromUrl(url: string): string | undefined {
    if (!url.startsWith(this.base)) return undefined;
    const key = url.slice(this.base.length);
    return /^[A-Za-z0-9_./-]+$/.test(key) && !key.includes('..') ? key : undefined;
  }

  async inspectUpload(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.s3.send(
        new HeadObjectCommand({ Bucket: this.s.bucket, Key: UPLOADS + key }),
      );
      return {
        size: head.ContentLength ?? 0,
        ...(head.ContentType ? { contentType: head.ContentType } : {}),
      };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  readUpload(key: string): Promise<Buffer | undefined> {
    return this.get(UPLOADS + key);
  }

  async discardUpload(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: UPLOADS + key }));
  }

  async expireUploads(cutoff: Date): Promise<number> {
    const Bucket = this.s.bucket;
    let removed = 0;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({ Bucket, Prefix: UPLOADS, ContinuationToken }),
      );
      const expired = (page.Contents ?? [])
        .filter((o) => o.Key && o.LastModified && o.LastModified < cutoff)
        .map((o) => ({ Key: o.Key! }));
      if (expired.length) {
        await this.s3.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: expired, Quiet: true } }),
        );
        removed += expired.length;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return removed;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  read(key: string): Promise<Buffer | undefined> {
    return this.get(key);
  }

  private async get(Key: string): Promise<Buffer | undefined> {
    try {
      const res = await this.s3.send(new GetObjectCommand({ Bucket: this.s.bucket, Key }));
      const bytes = await res.Body?.transformToByteArray();
      return bytes ? Buffer.from(bytes) : undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.s.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async presignUpload(input: {
    key: string;
    contentType: string;
    size: number;
    expiresIn: number;
  }): Promise<{ url: string; headers: Record<string, string> }> {
    const command = new PutObjectCommand({
      Bucket: this.s.bucket,
      Key: UPLOADS + input.key,
      ContentType: input.contentType,
      ContentLength: input.size,
    });
    // Both are signed: storage refuses a body of another type or length.
    const url = await getSignedUrl(this.signer, command, {
      expiresIn: input.expiresIn,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return {
      url,
      headers: { 'Content-Type': input.contentType, 'Content-Length': String(input.size) },
    };
  }

  async writePrivate(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.s.bucket,
        Key: PRIVATE + key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'private, max-age=300',
      }),
    );
  }

  existsPrivate(key: string): Promise<boolean> {
    return this.exists(PRIVATE + key);
  }

  /** A presigned GET, signed for the host browsers use. */
  privateReadUrl(key: string, expiresIn: number): Promise<string> {
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({ Bucket: this.s.bucket, Key: PRIVATE + key }),
      { expiresIn },
    );
  }

  /** Browsers read private files from the bucket, by presigned URLs. */
  async deliverPrivate(): Promise<undefined> {
    return undefined;
  }

  /** Browsers read images from the bucket itself. */
  async deliver(key: string): Promise<ImageDelivery> {
    return { redirect: this.publicUrl(key) };
  }

  /** Uploads go to the bucket through presigned URLs, never through catalog. */
  async receiveUpload(): Promise<void> {
    throw AppError.notFound('Uploads go straight to storage');
  }
}
