import { createServer, type Server } from 'node:http';
import type { Logger } from '../logger';
import type { ServiceMetrics } from './service-metrics';

export interface MetricsServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT, by default the service's port + 1000), bound
 * to the service's host. The gateway routes nothing to it: Prometheus and the admin service read
 * it from inside the cluster.
 */
export async function serveMetrics(
  metrics: ServiceMetrics,
  opts: { port: number; host: string; logger: Logger },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.text().then(
      (body) => res.writeHead(200, { 'content-type': metrics.contentType }).end(body),
      (err: unknown) => {
        opts.logger.warn({ err: (err as Error).message }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.logger.debug({ port, host: opts.host }, 'metrics listening');
  return {
    port,
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}/metrics`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Where a process's metrics listen: METRICS_PORT, else its port + 1000 (0 stays 0: any free port). */
export function metricsPortFor(servicePort: number, configured?: number): number {
  if (configured !== undefined) return configured;
  return servicePort === 0 ? 0 : servicePort + 1000;
}
