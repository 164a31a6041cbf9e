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
import { platformHealth } from './platform-health';

/**
 * GET /api/admin/health: public; without an admin token only the overall status is given,
 * with one the per-service detail too.
 */
export function healthHandler(ctx: ServiceContext<AdminConfig>): RequestHandler {
  return handle(async (req, res) => {
    const report = await platformHealth(ctx.config, () =>
      runChecks('admin', {
        database: () => pingMongo(ctx.conn),
        redis: () => pingRedis(ctx.redis),
        broker: () => ctx.bus.ping(),
      }),
    );
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
    const status = report.status === 'down' ? 503 : 200;
    res
      .status(status)
      .json(detailed ? { success: true, ...report } : { success: true, status: report.status });
  });
}
