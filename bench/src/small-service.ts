import { createApp, createLogger, serve } from '@swapbooth/service-kit';

/**
 * A service built with the same app factory as every real service, answering one small GET
 * (a category list). Used to measure what the gateway adds.
 */
const categories = Array.from({ length: 12 }, (_, i) => ({
  cat_id: i + 1,
  category: `Category ${i + 1}`,
  type: i % 2 ? 'service' : 'item',
  subcategories: ['One', 'Two', 'Three'],
}));

const logger = createLogger('bench-service', 'warn');
const app = createApp({
  service: 'bench-service',
  logger,
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
