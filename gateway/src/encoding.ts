import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** Content codings the gateway sends, best first: brotli wins a tie with gzip. */
export type Coding = 'br' | 'gzip';
const CODINGS: readonly Coding[] = ['br', 'gzip'];

/**
 * The coding to answer with for a request's Accept-Encoding (RFC 9110 §12.5.3): the offered
 * coding with the highest q-value above 0, brotli on a tie; `*` stands for codings not named.
 * Undefined means identity (no header, or nothing offered acceptable).
 */
export function chooseCoding(
  acceptEncoding: string | string[] | undefined,
  offered: readonly Coding[] = CODINGS,
): Coding | undefined {
  if (!acceptEncoding) return undefined;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') q = Number(v);
    }
    if (Number.isFinite(q)) weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of offered) {
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Media types worth compressing: text of any kind, JSON, JavaScript, XML and SVG. */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /^application\/(.+\+)?(json|javascript|xml)$/.test(type) ||
    type === 'application/x-ndjson' ||
    type === 'image/svg+xml'
  );
}

/**
 * A compressor for an answer made on the fly: brotli at quality 4 (close to gzip's speed, smaller
 * output; the build's quality 11 is for files compressed once), gzip at its default level.
 */
export function compressor(coding: Coding, sizeHint?: number): Transform {
  if (coding === 'gzip') return createGzip();
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  });
}

/**
 * One Vary header from the given values (a header may already hold some, the service's answer
 * others), each name once, with Accept-Encoding added.
 */
export function varyOnEncoding(...values: unknown[]): string {
  const names: string[] = [];
  for (const value of values.flat()) {
    if (value === undefined || value === null) continue;
    for (const name of String(value).split(',')) {
      const n = name.trim();
      if (n && !names.some((m) => m.toLowerCase() === n.toLowerCase())) names.push(n);
    }
  }
  if (names.includes('*')) return '*';
  if (!names.some((n) => n.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding');
  return names.join(', ');
}
