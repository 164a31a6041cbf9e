import { summarizePlatform } from '../../domain/platform-metrics';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import type { DeadLetterSource } from '../dashboard/dashboard.routes';
import { ok } from '../http';

/**
 * GET /api/admin/platform: per service the request rate, error rate and p95 of the last hour (and
 * per sample interval, for the charts), per topic the consumer lag, the outbox backlog and the
 * dead letters, and the open event streams; read from the services' metrics ports, never through
 * the gateway. Needs the platform area. Calling it keeps the sampler at the page's pace.
 */
export function platformRoutes(r: AdminRoutes, deps: AdminDeps, bus: () => DeadLetterSource) {
  const sampler = deps.platformSampler;
  r.add('get', '/api/admin/platform', 'platform', async (_req, res) => {
    // Sampled at the page's pace while it is open; a page opened after a quiet spell waits for a
    // sample of now.
    await sampler.watch();
    // Opened right after start: one more sample gives the first interval.
    if (sampler.recent().length < 2) await sampler.sampleNow();
    const deadLettered = await bus()
      .deadLetterCounts()
      .catch(() => []);
    ok(
      res,
      summarizePlatform(sampler.recent(), {
        services: sampler.services,
        sampleEverySeconds: sampler.everyMs / 1000,
        windowSeconds: sampler.windowMs / 1000,
        deadLettered,
        now: deps.clock.now(),
      }),
    );
  });
}
