import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Harness, Member } from './harness';
import type { Loose } from './http';

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

/** Uploads an image for a member through the real flow; returns its URL. */
export async function uploadImage(
  h: Harness,
  m: Member,
  type: 'image/jpeg' | 'image/png' | 'image/webp' = 'image/jpeg',
): Promise<string> {
  const bytes = await imageBytes(type);
  const ticket = await uploadTicket(h, m, { fileType: type, fileSize: bytes.length });
  const res = await putTo(h, ticket.presignedUrl, bytes, type);
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ticket.s3ObjectUrl;
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
