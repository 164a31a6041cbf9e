import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Harness, Member } from './harness';
import type { Loose } from '@swapbooth/test-kit';

/** A real JPEG (or PNG/WebP) of the given size, small in bytes. */
export async function imageBytes(
  type: 'image/jpeg' | 'image/png' | 'image/webp' = 'image/jpeg',
  width = 1200,
  height = 800,
): Promise<Buffer> {
  const img = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });
  if (type === 'image/png') return img.png().toBuffer();
  if (type === 'image/webp') return img.webp().toBuffer();
  return img.jpeg().toBuffer();
}

/**
 * A phone photo as it leaves the phone: a JPEG (400×200 as stored) whose EXIF says it is turned
 * (orientation 6: shown 200×400) and where it was taken (GPS, Paris).
 */
export function gpsJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2442/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 728/100',
      },
    })
    .toBuffer();
}

export const absolute = (h: Harness, url: string) =>
  url.startsWith('http') ? url : `${h.url}${url}`;

export interface Ticket {
  presignedUrl: string;
  s3ObjectUrl: string;
  key: string;
  expiresIn: number;
  headers: Record<string, string>;
}

export async function uploadTicket(
  h: Harness,
  m: Member,
  body: Partial<{ fileName: string; fileType: string; folderType: string; fileSize: number }> = {},
): Promise<Ticket> {
  const res = await h.api.post(
    '/api/images/upload-url',
    {
      fileName: 'photo.jpg',
      fileType: 'image/jpeg',
      folderType: 'products',
      userId: m.id,
      fileSize: 1_000,
      ...body,
    },
    m.token,
  );
  if (res.status !== 200)
    throw new Error(`upload-url answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as Ticket;
}

/** PUTs bytes to a signed URL the way a browser would. */
export function putTo(
  h: Harness,
  url: string,
  body: Buffer,
  contentType: string,
): Promise<Response> {
  return fetch(absolute(h, url), { method: 'PUT', body, headers: { 'content-type': contentType } });
}

/** Uploads bytes for a member through the real flow (signed URL, then PUT); returns its ticket. */
export async function uploadBytes(
  h: Harness,
  m: Member,
  bytes: Buffer,
  type: 'image/jpeg' | 'image/png' | 'image/webp' = 'image/jpeg',
  folderType: 'products' | 'profile-pics' | 'dispute-photos' = 'products',
): Promise<Ticket> {
  const ticket = await uploadTicket(h, m, { fileType: type, fileSize: bytes.length, folderType });
  const res = await putTo(h, ticket.presignedUrl, bytes, type);
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ticket;
}

/** Uploads an image for a member through the real flow; returns its URL. */
export async function uploadImage(
  h: Harness,
  m: Member,
  type: 'image/jpeg' | 'image/png' | 'image/webp' = 'image/jpeg',
): Promise<string> {
  return (await uploadBytes(h, m, await imageBytes(type), type)).s3ObjectUrl;
}

/** A URL's bytes as anyone on the internet gets them (throws unless 200). */
export async function download(h: Harness, url: string): Promise<Buffer> {
  const res = await fetch(absolute(h, url));
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export const uniqueTitle = (prefix = 'Vintage lamp') =>
  `${prefix} ${randomBytes(3).toString('hex')}`;

/** A valid new-listing body (an item in Electronics > Phones) with overrides. */
export const listingBody = (overrides: Record<string, unknown> = {}) => ({
  title: uniqueTitle(),
  description: 'Works well, a few scratches.',
  category: 'Electronics',
  subCategory: 'Phones',
  condition: 'good',
  type: 'item',
  tags: ['Retro', 'phone'],
  ...overrides,
});

/** Creates a listing and returns its response data (throws unless 201). */
export async function createListing(
  h: Harness,
  m: Member,
  overrides: Record<string, unknown> = {},
): Promise<Loose> {
  const res = await h.api.post('/api/product', listingBody(overrides), m.token);
  if (res.status !== 201)
    throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
