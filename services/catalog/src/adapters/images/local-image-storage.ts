import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '@swapbooth/service-kit';
import type {
  DirectUpload,
  ImageDelivery,
  ImageFile,
  ImageStorage,
  StoredObject,
} from '../../domain/ports';
import { contentTypeOfExt, type ImageExt } from '../../domain/image-keys';

export interface LocalSettings {
  dir: string;
  secret: string;
  /** Origin prefixed to URLs ('' for root-relative URLs). */
  publicBase: string;
  maxBytes: number;
}

/** A body over the limit: answered with 413 (by the shared error middleware), like S3 would. */
export class UploadTooLarge extends Error {
  readonly status = 413;
  readonly expose = true;
  constructor() {
    super('Upload refused: the file is too large');
  }
}

const KEY =
  /^(products|profile-pics|dispute-photos)\/[A-Za-z0-9_-]{1,64}\/[0-9a-f-]{36}(_w\d{3})?\.(jpg|png|webp)$/;
export const LOCAL_UPLOAD_PATH = '/api/images/local-upload';
export const LOCAL_FILES_PATH = '/api/images/files/';

/** Uploads wait in this folder of the store, which the files route never serves. */
const UPLOADS = 'uploads';
/** Private photos live in this folder, served only by URLs signed for a short while. */
const PRIVATE = 'private';
/** Where a private file's signed URL points (the files route, which checks the signature). */
const PRIVATE_FILES_PATH = `${LOCAL_FILES_PATH}${PRIVATE}/`;

/**
 * Images on the local disk, for running without S3. Upload URLs are signed like presigned PUTs
 * (HMAC over key, content type, size and expiry) and received by catalog itself into `uploads/`;
 * only what catalog publishes is served.
 */
export class LocalImageStorage implements ImageStorage {
  private readonly root: string;

  constructor(private readonly s: LocalSettings) {
    this.root = path.resolve(s.dir);
  }

  async ensureReady(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  close(): void {
    // nothing held open
  }

  /** Absolute path of a published key, or undefined for anything that is not one of our keys. */
  pathOf(key: string): string | undefined {
    return this.resolve(this.root, key);
  }

  private uploadPathOf(key: string): string | undefined {
    return this.resolve(path.join(this.root, UPLOADS), key);
  }

  private resolve(dir: string, key: string): string | undefined {
    if (!KEY.test(key)) return undefined;
    const full = path.resolve(dir, key);
    return full.startsWith(dir + path.sep) ? full : undefined;
  }

  publicUrl(key: string): string {
    return `${this.s.publicBase}${LOCAL_FILES_PATH}${key}`;
  }

  keyFromUrl(url: string): string | undefined {
    const prefix = `${this.s.publicBase}${LOCAL_FILES_PATH}`;
    if (!url.startsWith(prefix)) return undefined;
    const key = url.slice(prefix.length);
    return this.pathOf(key) ? key : undefined;
  }

  async inspectUpload(key: string): Promise<StoredObject | undefined> {
    const file = this.uploadPathOf(key);
    if (!file) return undefined;
    try {
      const info = await stat(file);
      return info.isFile()
        ? { size: info.size, contentType: contentTypeOfExt(extOf(key)) }
        : undefined;
    } catch {
      return undefined;
    }
  }

  readUpload(key: string): Promise<Buffer | undefined> {
    return readOrUndefined(this.uploadPathOf(key));
  }

  async discardUpload(key: string): Promise<void> {
    const file = this.uploadPathOf(key);
    if (file) await rm(file, { force: true });
  }

  async expireUploads(cutoff: Date): Promise<number> {
    let removed = 0;
    const sweep = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          await sweep(full);
          continue;
        }
        const info = await stat(full).catch(() => undefined);
        if (!info || info.mtime >= cutoff) continue;
        await rm(full, { force: true });
        if (!e.name.endsWith('.tmp')) removed++;
      }
    };
    await sweep(path.join(this.root, UPLOADS));
    return removed;
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    if (!file) return false;
    return stat(file).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  read(key: string): Promise<Buffer | undefined> {
    return readOrUndefined(this.pathOf(key));
  }

  async write(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    if (!file) throw new Error(`not a storage key: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  /** Catalog sends local files itself. */
  async deliver(key: string): Promise<ImageDelivery | undefined> {
    const file = this.pathOf(key);
    if (!file) return undefined;
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      const body: Readable = createReadStream(file);
      return { file: { body, size: info.size, contentType: contentTypeOfExt(extOf(key)) } };
    } catch {
      return undefined;
    }
  }

  private privatePathOf(key: string): string | undefined {
    return this.resolve(path.join(this.root, PRIVATE), key);
  }

  async writePrivate(key: string, body: Buffer): Promise<void> {
    const file = this.privatePathOf(key);
    if (!file) throw new Error(`not a storage key: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  async existsPrivate(key: string): Promise<boolean> {
    const file = this.privatePathOf(key);
    if (!file) return false;
    return stat(file).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  private signRead(key: string, expires: string): string {
    return createHmac('sha256', this.s.secret).update(`GET\n${key}\n${expires}`).digest('hex');
  }

  async privateReadUrl(key: string, expiresIn: number): Promise<string> {
    const expires = String(Math.floor(Date.now() / 1000) + expiresIn);
    const q = new URLSearchParams({ expires, sig: this.signRead(key, expires) });
    return `${this.s.publicBase}${PRIVATE_FILES_PATH}${key}?${q.toString()}`;
  }

  /** Sends a private file to a URL this store signed and that has not expired. */
  async deliverPrivate(
    key: string,
    query: Record<string, unknown>,
  ): Promise<ImageFile | undefined> {
    const file = this.privatePathOf(key);
    const { expires, sig } = query;
    if (!file || typeof expires !== 'string' || typeof sig !== 'string') return undefined;
    const expected = Buffer.from(this.signRead(key, expires));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!(Number(expires) * 1000 > Date.now())) return undefined;
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      const body: Readable = createReadStream(file);
      return { body, size: info.size, contentType: contentTypeOfExt(extOf(key)) };
    } catch {
      return undefined;
    }
  }

  private sign(key: string, type: string, size: string, expires: string): string {
    return createHmac('sha256', this.s.secret)
      .update(`PUT\n${key}\n${type}\n${size}\n${expires}`)
      .digest('hex');
  }

  async presignUpload(input: {
    key: string;
    contentType: string;
    size: number;
    expiresIn: number;
  }): Promise<{ url: string; headers: Record<string, string> }> {
    const expires = String(Math.floor(Date.now() / 1000) + input.expiresIn);
    const size = String(input.size);
    const q = new URLSearchParams({ key: input.key, type: input.contentType, size, expires });
    q.set('sig', this.sign(input.key, input.contentType, size, expires));
    return {
      url: `${this.s.publicBase}${LOCAL_UPLOAD_PATH}?${q.toString()}`,
      headers: { 'Content-Type': input.contentType, 'Content-Length': size },
    };
  }

  /**
   * Receives a PUT to a signed URL: checks signature, expiry, content type and size (the signed
   * size exactly, within the limit), then stores the body. Refusals mirror S3: 403, or 413 for size.
   */
  async receiveUpload(upload: DirectUpload): Promise<void> {
    const q = upload.query;
    const [key, type, size, expires, sig] = [q.key, q.type, q.size, q.expires, q.sig].map((v) =>
      typeof v === 'string' ? v : '',
    ) as [string, string, string, string, string];
    const headers = upload;
    const expected = Buffer.from(this.sign(key, type, size, expires));
    const given = Buffer.from(sig);
    const denied = (why: string) => new AppError('forbidden', `Upload refused: ${why}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw denied('the signature does not match');
    }
    if (Number(expires) < Date.now() / 1000) throw denied('the URL has expired');
    const file = this.uploadPathOf(key);
    if (!file) throw denied('not an upload key');
    if ((headers.contentType ?? '').split(';')[0]!.trim().toLowerCase() !== type) {
      throw denied('the content type does not match');
    }
    if (!size || headers.contentLength !== size) throw denied('the size does not match');
    if (Number(headers.contentLength ?? 0) > this.s.maxBytes) {
      throw new UploadTooLarge();
    }
    await this.receive(file, upload.body, Number(size));
  }

  private async receive(file: string, body: Readable, limit: number): Promise<void> {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of body) {
      total += (chunk as Buffer).length;
      if (total > limit) {
        body.destroy();
        throw new UploadTooLarge();
      }
      chunks.push(chunk as Buffer);
    }
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, Buffer.concat(chunks));
      await rename(tmp, file);
    } finally {
      await rm(tmp, { force: true });
    }
  }
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1) as ImageExt;

async function readOrUndefined(file: string | undefined): Promise<Buffer | undefined> {
  if (!file) return undefined;
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}
