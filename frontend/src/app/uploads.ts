import type { ApiSuccess, UploadTicketResponse } from '@swapbooth/contracts';
import { request, type ApiError } from './http';

export type UploadFolder = 'products' | 'profile-pics' | 'dispute-photos';
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Uploads one image: POST /api/images/upload-url, then PUT the file straight to the presigned URL
 * (no bearer token: it goes to object storage). Resolves with the URL the image will have once
 * published: listing images are published when the listing is saved (preview them from the file);
 * a profile picture is published here, so it shows as soon as the profile is saved.
 */
export async function uploadImage(
  file: File,
  folderType: UploadFolder,
  userId: string,
): Promise<string> {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    throw new Error('Please choose a JPEG, PNG or WebP image.');
  }
  const res = await request<ApiSuccess<UploadTicketResponse>>({
    url: '/images/upload-url',
    method: 'POST',
    body: { fileName: file.name, fileType: file.type, folderType, userId, fileSize: file.size },
  });
  if ('error' in res) throw new Error((res.error as ApiError).message);
  const ticket = res.data.data;
  if (!ticket?.presignedUrl || !ticket.s3ObjectUrl)
    throw new Error('The upload could not be prepared.');
  if (ticket.maxBytes && file.size > ticket.maxBytes) {
    throw new Error(`Images can be at most ${Math.floor(ticket.maxBytes / 1048576)} MB.`);
  }
  const put = await fetch(ticket.presignedUrl, {
    method: 'PUT',
    headers: { 'Content-Type': file.type, ...(ticket.headers ?? {}) },
    body: file,
  });
  if (!put.ok) throw new Error(`The image could not be uploaded (${put.status}).`);
  if (folderType === 'profile-pics' && ticket.key) {
    const published = await request({
      url: '/images/publish',
      method: 'POST',
      body: { key: ticket.key },
    });
    if ('error' in published) throw new Error((published.error as ApiError).message);
  }
  return ticket.s3ObjectUrl;
}

/**
 * Uploads a photo on the private path (a dispute's): the same signed upload, then catalog checks
 * it is a JPEG, PNG or WebP within the limits and re-encodes it without its metadata (place,
 * camera) into storage nobody reads directly. Resolves with its key; its readers (the dispute's
 * parties, admins) get short-lived URLs to it.
 */
export async function uploadPrivatePhoto(file: File, userId: string): Promise<string> {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    throw new Error('Please choose a JPEG, PNG or WebP image.');
  }
  const res = await request<ApiSuccess<UploadTicketResponse>>({
    url: '/images/upload-url',
    method: 'POST',
    body: {
      fileName: file.name,
      fileType: file.type,
      folderType: 'dispute-photos',
      userId,
      fileSize: file.size,
    },
  });
  if ('error' in res) throw new Error((res.error as ApiError).message);
  const ticket = res.data.data;
  if (!ticket?.presignedUrl || !ticket.key) throw new Error('The upload could not be prepared.');
  if (ticket.maxBytes && file.size > ticket.maxBytes) {
    throw new Error(`Images can be at most ${Math.floor(ticket.maxBytes / 1048576)} MB.`);
  }
  const put = await fetch(ticket.presignedUrl, {
    method: 'PUT',
    headers: { 'Content-Type': file.type, ...(ticket.headers ?? {}) },
    body: file,
  });
  if (!put.ok) throw new Error(`The photo could not be uploaded (${put.status}).`);
  const published = await request({
    url: '/images/publish',
    method: 'POST',
    body: { key: ticket.key },
  });
  if ('error' in published) throw new Error((published.error as ApiError).message);
  return ticket.key;
}
