import './support/instrument';
import {
  createApp,
  createLogger,
  serve,
  serveMetrics,
  ServiceMetrics,
} from '@swapbooth/service-kit';

/**
 * A service built with the same app factory as every real service, answering one small GET
 * (a category list). Used to measure what the gateway adds, and what metrics and traces cost: with
 * METRICS_ENABLED=false it counts nothing, otherwise it serves its metrics on METRICS_PORT; it
 * traces when the OTEL_* settings ask for it, as the services do.
 */
const categories = Array.from({ length: 12 }, (_, i) => ({
  cat_id: i + 1,
  category: `Category ${i + 1}`,
  type: i % 2 ? 'service' : 'item',
  subcategories: ['One', 'Two', 'Three'],
}));

const logger = createLogger('bench-service', 'warn');
const metricsOn = process.env.METRICS_ENABLED !== 'false';
const metrics = metricsOn ? new ServiceMetrics('bench-service') : undefined;
if (metrics) {
  void serveMetrics(metrics, {
    port: Number(process.env.METRICS_PORT ?? 0),
    host: '127.0.0.1',
    logger,
  });
}
const app = createApp({
  service: 'bench-service',
  logger,
  ...(metrics ? { metrics } : {}),
  routes: (a) => {
    a.get('/api/categories', (_req, res) => {
      res.json({ success: true, data: categories });
    });
  },
});
void serve({
  app,
  port: Number(process.argv[2] ?? 0),
  host: '127.0.0.1',
  logger,
  handleSignals: true,
});
