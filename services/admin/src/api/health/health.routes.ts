import type { RequestHandler } from 'express';
import {
  bearerToken,
  handle,
  pingMongo,
  pingRedis,
  runChecks,
  verifyToken,
} from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { AdminConfig } from '../../config';
import { platformHealth, type PlatformHealth } from './platform-health';

/**
 * One platform report shared by every anonymous caller for `ttlMs`, and by every caller while it is
 * being made: asking the seven other services costs seven calls, and anyone may ask.
 */
function sharedReport(ttlMs: number, make: () => Promise<PlatformHealth>) {
  let cached: { at: number; report: Promise<PlatformHealth> } | undefined;
  return (): Promise<PlatformHealth> => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const report = make();
      cached = { at: Date.now(), report };
      // A report that could not be made is not kept.
      report.catch(() => {
        if (cached?.report === report) cached = undefined;
      });
    }
    return cached.report;
  };
}

/**
 * GET /api/admin/health: public; without an admin token only the overall status is given, from a
 * report at most HEALTH_CACHE_MS old; with one the per-service detail too, asked afresh.
 */
export function healthHandler(ctx: ServiceContext<AdminConfig>): RequestHandler {
  const fresh = () =>
    platformHealth(ctx.config, () =>
      runChecks('admin', {
        database: () => pingMongo(ctx.conn),
        redis: () => pingRedis(ctx.redis),
        broker: () => ctx.bus.ping(),
      }),
    );
  const shared = sharedReport(ctx.config.HEALTH_CACHE_MS, fresh);
  return handle(async (req, res) => {
    const token = bearerToken(req);
    let detailed = false;
    if (token) {
      try {
        verifyToken(token, ctx.adminTokens);
        detailed = true;
      } catch {
        detailed = false;
      }
    }
    const report = detailed ? await fresh() : await shared();
    const status = report.status === 'down' ? 503 : 200;
    res
      .status(status)
      .json(detailed ? { success: true, ...report } : { success: true, status: report.status });
  });
}
