import type { Request, Response } from 'express';
import { assertSelf, parse, principalOf } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import type { ImageDelivery, ImageFile } from '../../domain/ports';
import { publishOwnUpload } from '../../domain/publish-image';
import { receiveUpload, requestUpload } from '../../domain/request-upload';
import { imageVariant, storedImageFile } from '../../domain/serve-images';
import { ok } from '../http';
import { adminPhotoUrls, memberPhotoUrls, privateFile } from '../../domain/private-photos';
import {
  imageFileParams,
  privateUrlsBody,
  publishBody,
  uploadUrlBody,
  variantQuery,
} from './images.schemas';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Local files under this folder are private photos, read by signed URLs. */
const PRIVATE_PREFIX = 'private/';

function sendFile(res: Response, file: ImageFile): void {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  file.body.pipe(res);
}

function send(res: Response, delivery: ImageDelivery): void {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if ('file' in delivery) return sendFile(res, delivery.file);
  // The variant of a key never changes, so the redirect can be cached too.
  res.setHeader('Cache-Control', IMMUTABLE);
  res.redirect(302, delivery.redirect);
}

/** HTTP in and out for images: upload URLs, resized variants, and uploads and files on local disk. */
export function imagesController(deps: CatalogDeps) {
  return {
    async uploadUrl(req: Request, res: Response) {
      const body = parse(uploadUrlBody, req.body);
      const userId = assertSelf(req, body.userId);
      ok(res, await requestUpload(deps, userId, body));
    },
    /** Checks and publishes an upload now rather than when it is attached (profile pictures). */
    async publish(req: Request, res: Response) {
      const { key } = parse(publishBody, req.body);
      ok(res, await publishOwnUpload(deps, principalOf(req).userId, key));
    },
    /** Short-lived URLs of private photos the caller may read (their own, their disputes'). */
    async privateUrls(req: Request, res: Response) {
      const { keys } = parse(privateUrlsBody, req.body);
      ok(res, await memberPhotoUrls(deps, principalOf(req).userId, keys));
    },
    async adminPrivateUrls(req: Request, res: Response) {
      const { keys } = parse(privateUrlsBody, req.body);
      ok(res, await adminPhotoUrls(deps, keys));
    },
    async variant(req: Request, res: Response) {
      const q = parse(variantQuery, req.query, 'query');
      // The format follows the browser's Accept (browsers name image/webp when they take it), so
      // caches keep one copy per answer.
      res.setHeader('Vary', 'Accept');
      const acceptsWebp = /\bimage\/webp\b/i.test(req.headers.accept ?? '');
      send(res, await imageVariant(deps, q.key, q.w, acceptsWebp));
    },
    async receiveUpload(req: Request, res: Response) {
      await receiveUpload(deps, {
        query: req.query,
        contentType: req.headers['content-type'],
        contentLength: req.headers['content-length'],
        body: req,
      });
      res.status(200).end();
    },
    async file(req: Request, res: Response) {
      const { key } = parse(imageFileParams, req.params, 'key');
      if (key.startsWith(PRIVATE_PREFIX)) {
        // A private photo (local disk), to a signed URL: never cached where others could read it.
        const file = await privateFile(deps, key.slice(PRIVATE_PREFIX.length), req.query);
        res.setHeader('Content-Type', file.contentType);
        res.setHeader('Content-Length', String(file.size));
        res.setHeader('Cache-Control', 'private, max-age=300');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        file.body.pipe(res);
        return;
      }
      sendFile(res, await storedImageFile(deps, key));
    },
  };
}
