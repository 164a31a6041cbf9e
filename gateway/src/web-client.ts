import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import { chooseCoding, isCompressible, varyOnEncoding, type Coding } from './encoding';
import { isApiPath } from './route-table';

/** The build's precompressed copies, next to each file (`app.js.br`, `app.js.gz`). */
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Long-lived for files whose name changes with their content; revalidated for everything else. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** A build output file under /assets with a content hash in its name (`index-CpTgEgMQ.js`). */
const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

async function fileStat(file: string): Promise<Stats | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends one file of the build: the brotli or gzip copy the build made when the client accepts it
 * (Vary: Accept-Encoding), with the original's Content-Type, an ETag per representation (so a
 * revalidation gets a 304) and the given caching.
 */
async function sendFile(
  req: Request,
  res: Response,
  file: string,
  original: Stats,
  cacheControl: string,
): Promise<void> {
  const compressible = isCompressible(res.type(path.extname(file)).get('Content-Type'));
  let body = file;
  let size = original.size;
  let coding: Coding | undefined;
  if (compressible) {
    res.setHeader('Vary', varyOnEncoding(res.getHeader('Vary')));
    // The best coding the client takes of those the build made for this file.
    let offered: Coding[] = ['br', 'gzip'];
    for (let c = chooseCoding(req.headers['accept-encoding'], offered); c;) {
      const variant = await fileStat(file + SUFFIX[c]);
      // A copy older than its file is left over from an earlier build.
      if (variant && variant.mtimeMs >= original.mtimeMs) {
        body = file + SUFFIX[c];
        size = variant.size;
        coding = c;
        break;
      }
      offered = offered.filter((o) => o !== c);
      c = chooseCoding(req.headers['accept-encoding'], offered);
    }
  }
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Last-Modified', original.mtime.toUTCString());
  res.setHeader(
    'ETag',
    `"${original.size.toString(16)}-${Math.floor(original.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`,
  );
  if (req.fresh) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', size);
  res.status(200);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(body), res);
}

/**
 * The built web client: files from `root`, precompressed when the client accepts it; hashed files
 * under /assets cached for a year as immutable, everything else (index.html, favicon) revalidated
 * on every use. Any other path that is not an API call gets index.html, so client-side routes load
 * the app; a missing file under /assets is a 404 (an old page asking for a file of an older build
 * must not get HTML in place of a script).
 */
export function webClient(root: string): RequestHandler {
  const base = path.resolve(root);
  const index = path.join(base, 'index.html');
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isApiPath(req.path)) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return res.status(400).type('text/plain').send('Bad path');
    }
    const file = path.join(base, relative);
    const inside = file.startsWith(base + path.sep) && !relative.includes('\0');
    // Dotfiles, and the compressed copies, which are sent only in place of their file.
    const hidden =
      relative.split('/').some((part) => part.startsWith('.')) || /\.(br|gz)$/.test(relative);
    void (async () => {
      const found = inside && !hidden ? await fileStat(file) : undefined;
      if (found) {
        const caching = HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE;
        return sendFile(req, res, file, found, caching);
      }
      if (relative.startsWith('/assets/')) {
        res.setHeader('Cache-Control', REVALIDATE);
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      const page = await fileStat(index);
      if (!page) return next();
      return sendFile(req, res, index, page, REVALIDATE);
    })().catch((err: unknown) => (res.headersSent ? res.destroy() : next(err)));
  };
}
