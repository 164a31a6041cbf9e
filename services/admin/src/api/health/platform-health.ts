import { serviceNames, serviceUrls, type HealthReport } from '@swapbooth/contracts';
import type { AdminConfig } from '../../config';

export interface PlatformHealth {
  status: 'ok' | 'degraded' | 'down';
  services: Record<string, { status: string; checks?: HealthReport['checks']; error?: string }>;
}

/** Asks every service's /readyz (and admin's own checks) and sums them up. */
export async function platformHealth(
  config: AdminConfig,
  self: () => Promise<HealthReport>,
): Promise<PlatformHealth> {
  const targets = serviceUrls(
    config,
    serviceNames.filter((n) => n !== 'admin'),
  );
  const entries = await Promise.all(
    Object.entries(targets).map(async ([name, base]) => {
      try {
        const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2500) });
        const body = (await res.json()) as HealthReport;
        return [name, { status: res.ok ? 'ok' : 'down', checks: body.checks }] as const;
      } catch (err) {
        return [name, { status: 'down', error: (err as Error).message }] as const;
      }
    }),
  );
  const own = await self();
  const services: PlatformHealth['services'] = Object.fromEntries([
    ...entries,
    ['admin', { status: own.status, checks: own.checks }],
  ]);
  const down = Object.values(services).filter((s) => s.status !== 'ok').length;
  const status = down === 0 ? 'ok' : down === Object.keys(services).length ? 'down' : 'degraded';
  return { status, services };
}
