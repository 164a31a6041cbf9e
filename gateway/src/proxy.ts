import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { currentRequestId, type Logger } from '@swapbooth/service-kit';
import { resolveService, type ServiceName } from './route-table';

/**
 * Proxies to the owning service. Bodies stream through untouched (the gateway never parses them),
 * Server-Sent Events are passed without buffering, and a down or slow service gets a JSON 502/504.
 */
export function serviceProxy(
  targets: Record<ServiceName, string>,
  timeoutMs: number,
  logger: Logger,
) {
  // Reused connections to the services: a new TCP connection per request costs more than the proxying.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 512,
    maxFreeSockets: 64,
    keepAliveMsecs: 10_000,
  });
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    agent,
    router: (req) => targets[resolveService(req.url ?? '/') ?? 'auth'],
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: timeoutMs,
    pathFilter: (path) => resolveService(path) !== undefined,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: IncomingMessage) => {
        const id = currentRequestId() ?? (req.headers['x-request-id'] as string | undefined);
        if (id) proxyReq.setHeader('x-request-id', id);
        if ((req.url ?? '').startsWith('/api/stream')) {
          // Long-lived stream: no proxy timeout.
          proxyReq.setTimeout(0);
        }
      },
      proxyRes: (proxyRes: IncomingMessage, _req: IncomingMessage, res: ServerResponse) => {
        if (String(proxyRes.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.setHeader('X-Accel-Buffering', 'no');
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
      error: (
        err: Error & { code?: string },
        req: IncomingMessage,
        res: ServerResponse | Socket,
      ) => {
        const timedOut =
          err.code === 'ECONNRESET' ||
          err.code === 'ETIMEDOUT' ||
          /timed? ?out|socket hang up/i.test(err.message);
        const service = resolveService(req.url ?? '/');
        logger.warn({ service, url: req.url, code: err.code, err: err.message }, 'proxy error');
        if (!('writeHead' in res) || res.headersSent) {
          res.end();
          return;
        }
        const status = timedOut && err.code !== 'ECONNREFUSED' ? 504 : 502;
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            success: false,
            code: 'unavailable',
            message:
              status === 504
                ? `The ${service} service did not answer in time`
                : `The ${service} service is unavailable right now`,
          }),
        );
      },
    },
  });
}
