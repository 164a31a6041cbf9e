import type { RequestHandler } from 'express';

/** CORS for the web client's origin only (cookies allowed, for the refresh token). */
export function cors(origin: string): RequestHandler {
  const allowed = new Set(
    origin
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  );
  return (req, res, next) => {
    const o = req.headers.origin;
    if (o && allowed.has(o)) {
      res.setHeader('Access-Control-Allow-Origin', o);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After, x-request-id');
      res.append('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
        res.setHeader(
          'Access-Control-Allow-Headers',
          req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
        );
        res.setHeader('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
    }
    next();
  };
}
