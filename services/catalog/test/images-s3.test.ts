import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { newMember, startCatalog, type Harness } from './support/harness';
import {
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
const MAX_SIDE = 1500;
let h: Harness;
beforeAll(async () => {
  h = await startCatalog({
    UPLOAD_MAX_BYTES: String(MAX),
    UPLOAD_MAX_DIMENSION: String(MAX_SIDE),
  });
});
afterAll(async () => {
  await h?.stop();
});

const fakeJpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);

describe('presigned uploads to S3', () => {
  it('signs a 5-minute PUT under the caller’s own folder that storage accepts for the right type and size; the image is public only once attached', async () => {
    const m = newMember();
    const bytes = await imageBytes('image/png');
    const t = await uploadTicket(h, m, {
      fileName: 'a.png',
      fileType: 'image/png',
      fileSize: bytes.length,
    });
    expect(t.key).toMatch(new RegExp(`^products/${m.id}/[0-9a-f-]{36}\\.png$`));
    expect(t.expiresIn).toBe(300);
    expect(t.presignedUrl).toContain('X-Amz-Expires=300');
    expect(t.s3ObjectUrl).toBe(`${h.config.S3_ENDPOINT}/${h.config.S3_BUCKET}/${t.key}`);
    const put = await putTo(h, t.presignedUrl, bytes, 'image/png');
    expect(put.status).toBe(200);
    expect((await fetch(t.s3ObjectUrl)).status).toBe(404);
    await createListing(h, m, { images: [{ image_url: t.s3ObjectUrl }] });
    const read = await fetch(t.s3ObjectUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
  });

  it('puts profile pictures under profile-pics/<userId>/', async () => {
    const m = newMember();
    const t = await uploadTicket(h, m, { folderType: 'profile-pics', fileType: 'image/webp' });
    expect(t.key).toMatch(new RegExp(`^profile-pics/${m.id}/[0-9a-f-]{36}\\.webp$`));
  });

  it.each([
    [{ fileType: 'application/pdf' }, 'fileType'],
    [{ fileType: 'image/gif' }, 'fileType'],
    [{ folderType: 'avatars' }, 'folderType'],
    [{ fileName: '' }, 'fileName'],
    [{ fileSize: MAX + 1 }, 'fileSize'],
    [{ fileSize: 'big' }, 'fileSize'],
    [{ fileSize: 0 }, 'fileSize'],
    [{ fileSize: undefined }, 'fileSize'],
  ])('refuses to sign %j (400 naming %s)', async (override, field) => {
    const m = newMember();
    const res = await h.api.post(
      '/api/images/upload-url',
      {
        fileName: 'a.jpg',
        fileType: 'image/jpeg',
        folderType: 'products',
        userId: m.id,
        fileSize: 1_000,
        ...override,
      },
      m.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(`${field}:`)).toBe(true);
  });

  it('is refused by storage for another content type than the signed one', async () => {
    const m = newMember();
    const bytes = await imageBytes();
    const t = await uploadTicket(h, m, { fileSize: bytes.length });
    expect((await putTo(h, t.presignedUrl, bytes, 'text/html')).status).toBe(403);
    expect((await putTo(h, t.presignedUrl, bytes, 'image/png')).status).toBe(403);
  });

  it('is refused by storage for a body larger than the signed size', async () => {
    const m = newMember();
    const t = await uploadTicket(h, m, { fileSize: 5_000 });
    expect(t.headers).toMatchObject({ 'Content-Length': '5000' });
    expect(t.presignedUrl).toMatch(/X-Amz-SignedHeaders=[^&]*content-length/);
    expect((await putTo(h, t.presignedUrl, fakeJpeg(50_000), 'image/jpeg')).status).toBe(403);
    // Far past the upload limit: still refused, never stored.
    expect((await putTo(h, t.presignedUrl, fakeJpeg(MAX * 3), 'image/jpeg')).status).toBe(403);
    expect((await fetch(t.s3ObjectUrl)).status).toBe(404);
    expect((await putTo(h, t.presignedUrl, fakeJpeg(5_000), 'image/jpeg')).status).toBe(200);
  });

  it('signs no upload whose size is not stated', async () => {
    const m = newMember();
    const res = await h.api.post(
      '/api/images/upload-url',
      { fileName: 'a.jpg', fileType: 'image/jpeg', folderType: 'products' },
      m.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('fileSize: is required');
  });

  it('is refused by storage when the key in the URL is changed', async () => {
    const m = newMember();
    const bytes = await imageBytes();
    const t = await uploadTicket(h, m, { fileSize: bytes.length });
    const other = newMember();
    const tampered = t.presignedUrl.replace(`/products/${m.id}/`, `/products/${other.id}/`);
    expect(tampered).not.toBe(t.presignedUrl);
    expect((await putTo(h, tampered, bytes, 'image/jpeg')).status).toBe(403);
    const renamed = t.presignedUrl.replace(
      /[0-9a-f-]{36}\.jpg/,
      `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.jpg`,
    );
    expect((await putTo(h, renamed, bytes, 'image/jpeg')).status).toBe(403);
  });
});

describe('listing images', () => {
  it('orders images from 1 and makes the first the cover when none is chosen', async () => {
    const m = newMember();
    const urls = [
      await uploadImage(h, m),
      await uploadImage(h, m, 'image/png'),
      await uploadImage(h, m, 'image/webp'),
    ];
    const p = await createListing(h, m, { images: urls.map((image_url) => ({ image_url })) });
    expect(p.images.map((i: { image_url: string }) => i.image_url)).toEqual(urls);
    expect(p.images.map((i: { display_order: number }) => i.display_order)).toEqual([1, 2, 3]);
    expect(p.images.map((i: { is_default: boolean }) => i.is_default)).toEqual([
      true,
      false,
      false,
    ]);
    expect(p.cover_image).toBe(urls[0]);
  });

  it('keeps exactly one cover: the chosen one, through edits, and refuses two', async () => {
    const m = newMember();
    const [a, b, c] = [await uploadImage(h, m), await uploadImage(h, m), await uploadImage(h, m)];
    const p = await createListing(h, m, {
      images: [
        { image_url: a, display_order: 3 },
        { image_url: b, display_order: 1 },
        { image_url: c, display_order: 2, is_default: true },
      ],
    });
    expect(p.images.map((i: { image_url: string }) => i.image_url)).toEqual([b, c, a]);
    expect(p.images.filter((i: { is_default: boolean }) => i.is_default)).toHaveLength(1);
    expect(p.cover_image).toBe(c);

    const asUrls = await h.api.put(`/api/product/${p.product_id}`, { images: [b, a] }, m.token);
    expect(asUrls.status).toBe(200);
    expect(asUrls.body.data.cover_image).toBe(b);

    const edited = await h.api.put(
      `/api/product/${p.product_id}`,
      { images: [{ image_url: a }, { image_url: b }] },
      m.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.cover_image).toBe(a);
    expect(
      edited.body.data.images.filter((i: { is_default: boolean }) => i.is_default),
    ).toHaveLength(1);

    const two = await h.api.put(
      `/api/product/${p.product_id}`,
      {
        images: [
          { image_url: a, is_default: true },
          { image_url: b, is_default: true },
        ],
      },
      m.token,
    );
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('images: exactly one image can be the cover');
  });

  it('refuses image URLs that our upload flow did not make for this member', async () => {
    const m = newMember();
    const other = newMember();
    const theirs = await uploadImage(h, other);
    const notUploaded = (await uploadTicket(h, m)).s3ObjectUrl;
    const html = Buffer.from('<html>not a png</html>');
    const notAnImage = await uploadTicket(h, m, { fileType: 'image/png', fileSize: html.length });
    expect((await putTo(h, notAnImage.presignedUrl, html, 'image/png')).status).toBe(200);
    const profilePic = await uploadTicket(h, m, { folderType: 'profile-pics', fileSize: 100 });
    expect((await putTo(h, profilePic.presignedUrl, fakeJpeg(100), 'image/jpeg')).status).toBe(200);
    const text = await uploadBytes(h, m, Buffer.from('sixteen bytes!!\n'), 'image/png');
    const gif = await uploadBytes(
      h,
      m,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer(),
      'image/png',
    );
    const tooWide = await uploadBytes(
      h,
      m,
      await imageBytes('image/png', MAX_SIDE + 1, 20),
      'image/png',
    );
    const truncated = await uploadBytes(h, m, (await imageBytes()).subarray(0, 600));

    const cases: [string, string][] = [
      [theirs, 'not an image you uploaded for a listing'],
      ['https://example.com/photo.jpg', 'not an image you uploaded for a listing'],
      [profilePic.s3ObjectUrl, 'not an image you uploaded for a listing'],
      [notUploaded, 'nothing was uploaded to this URL'],
      [notAnImage.s3ObjectUrl, 'not a JPEG, PNG or WebP image'],
      [text.s3ObjectUrl, 'not a JPEG, PNG or WebP image'],
      [gif.s3ObjectUrl, 'not a JPEG, PNG or WebP image'],
      [truncated.s3ObjectUrl, 'not a JPEG, PNG or WebP image'],
      [tooWide.s3ObjectUrl, `wider or taller than ${MAX_SIDE} pixels`],
    ];
    for (const [url, message] of cases) {
      const res = await h.api.post(
        '/api/product',
        listingBody({ images: [{ image_url: await uploadImage(h, m) }, { image_url: url }] }),
        m.token,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: expect.stringContaining(`images.1.image_url: ${message}`),
        field: 'images.1.image_url',
      });
      // Nothing refused is ever published.
      if (url.startsWith(h.config.S3_ENDPOINT!)) expect((await fetch(url)).status).not.toBe(200);
    }
  });
});

describe('uploads are private until attached', () => {
  const privateUrl = (key: string) =>
    `${h.config.S3_ENDPOINT}/${h.config.S3_BUCKET}/uploads/${key}`;

  it('keeps an unattached upload out of anyone’s reach, at its object URL and in storage', async () => {
    const m = newMember();
    const t = await uploadBytes(h, m, await gpsJpeg());
    expect([403, 404]).toContain((await fetch(t.s3ObjectUrl)).status);
    expect([403, 404]).toContain((await fetch(privateUrl(t.key))).status);
    const variant = await fetch(`${h.url}/api/images/variant?key=${t.key}&w=300`, {
      redirect: 'manual',
    });
    expect(variant.status).toBe(404);
  });

  it('serves a phone photo, once attached, upright and without its EXIF or GPS position', async () => {
    const m = newMember();
    const photo = await gpsJpeg();
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(48.857, 3) });
    const t = await uploadBytes(h, m, photo);
    const p = await createListing(h, m, { images: [{ image_url: t.s3ObjectUrl }] });
    expect(p.cover_image).toBe(t.s3ObjectUrl);

    const served = await download(h, p.cover_image);
    expect(await exifr.parse(served)).toBeUndefined();
    expect(await exifr.gps(served)).toBeUndefined();
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const variant = await download(h, p.images[0].variants['300']);
    expect(await exifr.parse(variant)).toBeUndefined();
    // The original, with its GPS position, is gone from storage.
    expect([403, 404]).toContain((await fetch(privateUrl(t.key))).status);
  });

  it('publishes a member’s own upload on request (a profile picture), checked and stripped', async () => {
    const m = newMember();
    const t = await uploadBytes(h, m, await gpsJpeg(), 'image/jpeg', 'profile-pics');
    const other = newMember();
    const theirs = await h.api.post('/api/images/publish', { key: t.key }, other.token);
    expect(theirs.status).toBe(400);
    expect(theirs.body.field).toBe('key');
    expect((await fetch(t.s3ObjectUrl)).status).toBe(404);

    const res = await h.api.post('/api/images/publish', { key: t.key }, m.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ key: t.key, url: t.s3ObjectUrl });
    expect(await exifr.parse(await download(h, t.s3ObjectUrl))).toBeUndefined();

    const text = await uploadBytes(h, m, Buffer.from('not a picture'), 'image/png', 'profile-pics');
    const refused = await h.api.post('/api/images/publish', { key: text.key }, m.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('key: not a JPEG, PNG or WebP image');
  });
});

describe('image variants', () => {
  it('makes 300/600/900 px copies once, stores them next to the original and serves them', async () => {
    const m = newMember();
    const url = await uploadImage(h, m);
    const p = await createListing(h, m, { images: [{ image_url: url }] });
    const variants = p.images[0].variants as Record<string, string>;
    expect(Object.keys(variants).sort()).toEqual(['300', '600', '900']);
    for (const w of [300, 600, 900]) {
      const res = await fetch(`${h.url}${variants[String(w)]}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = res.headers.get('location')!;
      expect(location).toBe(url.replace(/\.jpg$/, `_w${w}.jpg`));
      const img = Buffer.from(await (await fetch(location)).arrayBuffer());
      expect((await sharp(img).metadata()).width).toBe(w);
    }
    const variantUrl = url.replace(/\.jpg$/, '_w600.jpg');
    const before = await fetch(variantUrl, { method: 'HEAD' });
    await fetch(`${h.url}${variants['600']}`, { redirect: 'manual' });
    const after = await fetch(variantUrl, { method: 'HEAD' });
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.headers.get('last-modified')).toBe(before.headers.get('last-modified'));
  });

  it('answers 400 for an unsupported width or key and 404 for a missing image', async () => {
    const m = newMember();
    const url = await uploadImage(h, m);
    const key = url.slice(url.indexOf('products/'));
    expect((await fetch(`${h.url}/api/images/variant?key=${key}&w=500`)).status).toBe(400);
    expect((await fetch(`${h.url}/api/images/variant?key=../../etc/passwd&w=300`)).status).toBe(
      400,
    );
    const missing = key.replace(
      /[0-9a-f-]{36}/,
      `${'1'.repeat(8)}-1111-1111-1111-${'1'.repeat(12)}`,
    );
    expect((await fetch(`${h.url}/api/images/variant?key=${missing}&w=300`)).status).toBe(404);
  });
});
