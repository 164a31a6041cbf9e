import { Router, type ErrorRequestHandler } from 'express';
import { handle, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { LOCAL_FILES_PATH, LOCAL_UPLOAD_PATH } from '../../adapters/images/local-image-storage';
import { imagesController } from './images.controller';

/** A refused upload's body is left unread: close the connection rather than drain it. */
const closeOnRefusal: ErrorRequestHandler = (err, _req, res, next) => {
  res.setHeader('Connection', 'close');
  next(err);
};

/**
 * Upload URLs, resized variants, and short-lived URLs of private photos. Uploads to, and files from, the local disk are answered only
 * where storage has no server of its own (without S3); elsewhere they are not found.
 */
export function imagesRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const c = imagesController(deps);

  const member = requireAuth(ctx.memberTokens);

  r.post('/api/images/upload-url', member, handle(c.uploadUrl));
  r.post('/api/images/publish', member, handle(c.publish));
  r.post('/api/images/private-urls', member, handle(c.privateUrls));
  // The admin service, with the acting admin's token, for a dispute's photos (never exposed by the
  // gateway). Mounted before the other internal routes, which need the products area.
  r.post(
    '/internal/dispute-photos/urls',
    requireAuth(ctx.adminTokens),
    requirePermission('disputes'),
    handle(c.adminPrivateUrls),
  );
  r.get('/api/images/variant', handle(c.variant));
  r.put(LOCAL_UPLOAD_PATH, handle(c.receiveUpload), closeOnRefusal);
  r.get(`${LOCAL_FILES_PATH}*key`, handle(c.file));
  return r;
}
