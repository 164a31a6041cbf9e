import { dashboardStats } from '../../domain/dashboard';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { ok } from '../http';

/**
 * GET /api/admin/dashboard/stats: counts and 30-day series from the admin's own projection.
 * GET /api/admin/dashboard/dead-letters: how many events each topic's dead-letter topic holds
 * (events a consumer gave up on after its retries), read from the broker.
 */
export function dashboardRoutes(r: AdminRoutes, deps: AdminDeps, bus: () => DeadLetterSource) {
  r.add('get', '/api/admin/dashboard/stats', 'dashboard', async (_req, res) => {
    ok(res, await dashboardStats(deps.projection, deps.clock.now()));
  });
  r.add('get', '/api/admin/dashboard/dead-letters', 'dashboard', async (_req, res) => {
    const topics = await bus().deadLetterCounts();
    ok(res, {
      topics,
      total: topics.reduce((n, t) => n + t.deadLettered, 0),
      generatedAt: deps.clock.now().toISOString(),
    });
  });
}

export interface DeadLetterSource {
  deadLetterCounts(): Promise<Array<{ topic: string; deadLettered: number }>>;
}
