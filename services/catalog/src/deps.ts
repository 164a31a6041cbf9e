import { randomBytes, randomUUID } from 'node:crypto';
import { PeriodicJob, type ServiceContext } from '@swapbooth/runtime';
import type { CatalogConfig } from './config';
import { AuthAddressBook } from './adapters/clients/auth-address-book';
import { BagItemsRepository } from './data/bag/bag.repository';
import { BoothsRepository } from './data/booths/booths.repository';
import { CategoriesRepository, seedCategories } from './data/categories/categories.repository';
import { LikesRepository } from './data/likes/likes.repository';
import { ProductsRepository } from './data/products/products.repository';
import { RedisViewLedger } from './adapters/redis/booth-view-ledger';
import { RedisRateLimiter } from './adapters/redis/report-rate-limiter';
import { ReportsRepository } from './data/reports/reports.repository';
import { MembersRepository } from './data/users/members.repository';
import { PhotoReadersRepository } from './data/private-photos/photo-readers.repository';
import { Taxonomy } from './domain/category';
import { ImageVariants } from './domain/image-variants';
import type { ImageStorage } from './domain/ports';
import { expireUploads } from './domain/request-upload';
import { LocalImageStorage } from './adapters/images/local-image-storage';
import { S3ImageStorage } from './adapters/images/s3-image-storage';
import { sharpCodec } from './adapters/images/sharp-codec';
import { sharpResizer } from './adapters/images/sharp-resizer';

/** The image store, with what the service does with it at start and stop. */
type Storage = ImageStorage & { ensureReady(): Promise<void>; close(): void };

function storageFor(ctx: ServiceContext<CatalogConfig>): Storage {
  const c = ctx.config;
  if (c.S3_ENDPOINT) {
    return new S3ImageStorage({
      endpoint: c.S3_ENDPOINT,
      publicUrl: c.S3_PUBLIC_URL ?? c.S3_ENDPOINT,
      region: c.S3_REGION,
      bucket: c.S3_BUCKET,
      accessKeyId: c.S3_ACCESS_KEY_ID!,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
    });
  }
  if (!c.LOCAL_IMAGE_SECRET) {
    ctx.logger.warn('LOCAL_IMAGE_SECRET is not set: upload URLs are signed with a per-process key');
  }
  return new LocalImageStorage({
    dir: c.LOCAL_IMAGE_DIR,
    secret: c.LOCAL_IMAGE_SECRET ?? randomBytes(32).toString('hex'),
    publicBase: c.PUBLIC_BASE_URL ?? '',
    maxBytes: c.UPLOAD_MAX_BYTES,
  });
}

/** Everything the routes and event handlers use, wired once per running service. */
export function buildDeps(ctx: ServiceContext<CatalogConfig>) {
  const kick = ctx.eventsWritten;
  const storage = storageFor(ctx);
  const now = () => new Date();
  const uploadTtlSeconds = ctx.config.UPLOAD_TTL_SECONDS;
  return {
    config: ctx.config,
    logger: ctx.logger,
    products: new ProductsRepository(ctx.conn, kick),
    booths: new BoothsRepository(ctx.conn, kick),
    likes: new LikesRepository(ctx.conn, kick),
    reports: new ReportsRepository(ctx.conn, kick),
    bag: new BagItemsRepository(ctx.conn),
    members: new MembersRepository(ctx.conn),
    categories: new CategoriesRepository(ctx.conn),
    /** Replaced by the stored taxonomy once it is seeded at start. */
    taxonomy: new Taxonomy(seedCategories),
    storage,
    /** Who may read private photos besides their uploaders (disputes' parties). */
    photoReaders: new PhotoReadersRepository(ctx.conn),
    // Published images are our re-encodes, which can come out larger than the upload was.
    variants: new ImageVariants(storage, sharpResizer, 4 * ctx.config.UPLOAD_MAX_BYTES),
    addresses: new AuthAddressBook(ctx.config.AUTH_URL, ctx.logger),
    views: new RedisViewLedger(ctx.redis),
    limiter: new RedisRateLimiter(
      ctx.redis,
      'catalog:report-rate',
      ctx.config.REPORTS_PER_HOUR,
      3600,
    ),
    codec: sharpCodec,
    maxImageBytes: ctx.config.UPLOAD_MAX_BYTES,
    maxImageSide: ctx.config.UPLOAD_MAX_DIMENSION,
    uploadUrlTtlSeconds: ctx.config.UPLOAD_URL_TTL_SECONDS,
    /** Deletes uploads never attached (started and stopped with the service). */
    uploadSweeper: new PeriodicJob(
      'expire-uploads',
      ctx.config.UPLOAD_SWEEP_MS,
      () => expireUploads({ storage, uploadTtlSeconds, now }),
      ctx.logger,
    ),
    /** Where browsers fetch a resized copy (made on first request by GET /api/images/variant). */
    variantUrl: (key: string, width: number) =>
      `${ctx.config.PUBLIC_BASE_URL ?? ''}/api/images/variant?key=${encodeURIComponent(key)}&w=${width}`,
    newId: () => randomUUID(),
    randomSuffix: () => randomBytes(8).toString('hex'),
    now,
  };
}

export type CatalogDeps = ReturnType<typeof buildDeps>;
