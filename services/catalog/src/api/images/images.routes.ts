import { Router, type Request, type Response } from 'express';
import { assertSelf, handle, parse, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { requestUpload } from '../../domain/request-upload';
import {
  LOCAL_FILES_PATH,
  LOCAL_UPLOAD_PATH,
  LocalImageStorage,
  UploadTooLarge,
} from '../../images/local-image-storage';
import { ok } from '../http';
import { uploadUrlBody, variantQuery } from './images.schemas';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Upload URLs, resized variants and (without S3) the local-disk upload and file routes. */
export function imagesRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const { storage } = deps;

  r.post(
    '/api/images/upload-url',
    requireAuth(ctx.memberTokens),
    handle(async (req: Request, res: Response) => {
      const body = parse(uploadUrlBody, req.body);
      const userId = assertSelf(req, body.userId);
      const ticket = await requestUpload(
        {
          storage,
          ttlSeconds: deps.config.UPLOAD_URL_TTL_SECONDS,
          maxBytes: deps.maxImageBytes,
          newId: deps.newId,
        },
        userId,
        body,
      );
      ok(res, ticket);
    }),
  );

  r.get(
    '/api/images/variant',
    handle(async (req: Request, res: Response) => {
      const q = parse(variantQuery, req.query, 'query');
      const key = await deps.variants.ensure(q.key, q.w);
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (storage instanceof LocalImageStorage) return sendLocal(storage, key, res);
      // The variant of a key never changes, so the redirect can be cached too.
      res.setHeader('Cache-Control', IMMUTABLE);
      res.redirect(302, storage.publicUrl(key));
    }),
  );

  if (storage instanceof LocalImageStorage) {
    r.put(
      LOCAL_UPLOAD_PATH,
      handle(async (req: Request, res: Response) => {
        try {
          await storage.acceptUpload(
            req.query,
            {
              contentType: req.headers['content-type'],
              contentLength: req.headers['content-length'],
            },
            req,
          );
        } catch (err) {
          if (!(err instanceof UploadTooLarge)) throw err;
          res.setHeader('Connection', 'close');
          res.status(413).json({ success: false, message: err.message, code: 'invalid' });
          return;
        }
        res.status(200).end();
      }),
    );
    r.get(
      `${LOCAL_FILES_PATH}*key`,
      handle(async (req: Request, res: Response) => {
        const parts = (req.params as unknown as { key: string[] }).key;
        await sendLocal(storage, parts.join('/'), res);
      }),
    );
  }
  return r;
}

async function sendLocal(storage: LocalImageStorage, key: string, res: Response): Promise<void> {
  const file = await storage.stream(key);
  if (!file) {
    res.status(404).json({ success: false, message: 'Image not found', code: 'not_found' });
    return;
  }
  res.setHeader('Content-Type', file.type);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  file.body.pipe(res);
}
