import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { newMember, startCatalog, type Harness } from './support/harness';
import {
  absolute,
  createListing,
  download,
  gpsJpeg,
  imageBytes,
  listingBody,
  putTo,
  uploadBytes,
  uploadImage,
  uploadTicket,
} from './support/fixtures';

const MAX = 100_000;
const dir = mkdtempSync(path.join(tmpdir(), 'catalog-images-'));
let h: Harness;
beforeAll(async () => {
  h = await startCatalog({
    S3_ENDPOINT: '',
    LOCAL_IMAGE_DIR: dir,
    LOCAL_IMAGE_SECRET: randomBytes(32).toString('hex'),
    UPLOAD_MAX_BYTES: String(MAX),
  });
});
afterAll(async () => {
  await h?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('uploads to the local disk (no S3 configured)', () => {
  it('signs a PUT to catalog that stores the image privately, and serves it once attached', async () => {
    const m = newMember();
    const bytes = await imageBytes();
    const t = await uploadTicket(h, m, { fileSize: bytes.length });
    expect(t.presignedUrl.startsWith('/api/images/local-upload?')).toBe(true);
    expect(t.s3ObjectUrl).toBe(`/api/images/files/${t.key}`);
    expect((await putTo(h, t.presignedUrl, bytes, 'image/jpeg')).status).toBe(200);
    expect((await fetch(absolute(h, t.s3ObjectUrl))).status).toBe(404);
    expect((await fetch(`${h.url}/api/images/files/uploads/${t.key}`)).status).toBe(404);
    await createListing(h, m, { images: [{ image_url: t.s3ObjectUrl }] });
    const read = await fetch(absolute(h, t.s3ObjectUrl));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await read.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it('serves a phone photo upright and without EXIF; refuses text sent as an image', async () => {
    const m = newMember();
    const t = await uploadBytes(h, m, await gpsJpeg());
    const p = await createListing(h, m, { images: [{ image_url: t.s3ObjectUrl }] });
    const served = await download(h, p.cover_image);
    expect(await exifr.parse(served)).toBeUndefined();
    expect(await sharp(served).metadata()).toMatchObject({ width: 200, height: 400 });

    const text = await uploadBytes(h, m, Buffer.from('sixteen bytes!!\n'), 'image/png');
    const res = await h.api.post(
      '/api/product',
      listingBody({ images: [{ image_url: text.s3ObjectUrl }] }),
      m.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'images.0.image_url: not a JPEG, PNG or WebP image',
      field: 'images.0.image_url',
    });
    expect((await fetch(absolute(h, text.s3ObjectUrl))).status).toBe(404);
  });

  it('refuses a wrong type, a wrong size, a changed key or signature, and an oversize unsigned body', async () => {
    const m = newMember();
    const bytes = await imageBytes();
    const t = await uploadTicket(h, m, { fileSize: bytes.length });
    expect((await putTo(h, t.presignedUrl, bytes, 'image/png')).status).toBe(403);
    expect(
      (await putTo(h, t.presignedUrl, Buffer.concat([bytes, bytes]), 'image/jpeg')).status,
    ).toBe(403);
    const otherKey = t.presignedUrl.replace(
      encodeURIComponent(`products/${m.id}/`),
      encodeURIComponent('products/someone/'),
    );
    expect(otherKey).not.toBe(t.presignedUrl);
    expect((await putTo(h, otherKey, bytes, 'image/jpeg')).status).toBe(403);
    const badSig = t.presignedUrl.replace(/sig=[0-9a-f]{4}/, 'sig=0000');
    expect((await putTo(h, badSig, bytes, 'image/jpeg')).status).toBe(403);
    expect((await fetch(absolute(h, t.s3ObjectUrl))).status).toBe(404);

    const small = await uploadTicket(h, m, { fileSize: 1_000 });
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(MAX)]);
    expect((await putTo(h, small.presignedUrl, big, 'image/jpeg')).status).toBe(403);
  });

  it('attaches local images to listings and serves their resized variants', async () => {
    const m = newMember();
    const url = await uploadImage(h, m, 'image/webp');
    const p = await createListing(h, m, { images: [{ image_url: url }] });
    expect(p.cover_image).toBe(url);
    const variant = await fetch(absolute(h, p.images[0].variants['600']));
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect(meta.width).toBe(600);
  });

  it('serves a card-sized copy as WebP to a browser that accepts it, else in the original format', async () => {
    const m = newMember();
    const url = await uploadImage(h, m, 'image/png');
    const p = await createListing(h, m, { images: [{ image_url: url }] });
    const card = absolute(h, p.images[0].variants['300']);
    const browser = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const webp = await fetch(card, { headers: { Accept: browser } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toMatch(/Accept/i);
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
    });

    const older = await fetch(card, { headers: { Accept: 'image/png,image/*;q=0.8' } });
    expect(older.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await older.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 300,
    });
  });

  it('does not serve anything outside the image folders', async () => {
    expect((await fetch(`${h.url}/api/images/files/../../package.json`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/images/files/products/x/..%2F..%2Fsecret.jpg`)).status).toBe(
      404,
    );
  });
});
