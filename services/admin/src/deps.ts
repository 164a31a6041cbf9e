import { serviceNames, serviceUrls } from '@swapbooth/contracts';
import type { ServiceContext } from '@swapbooth/runtime';
import { argon2Hasher } from '@swapbooth/service-kit';
import type { AdminConfig } from './config';
import { readPrivateKey } from './config';
import { AdminTokenSigner } from './adapters/admin-token-signer';
import { PlatformClient } from './adapters/platform-client';
import { PlatformSampler, platformTargets } from './adapters/metrics-sampler';
import { redisSessionRevoker } from './adapters/session-revoker';
import { AdminUsersRepository } from './data/admin-users/admin-users.repository';
import { AuditLogRepository } from './data/audit/audit-log.repository';
import { EventCountersRepository } from './data/dashboard/event-counters.repository';
import { projectionReader, projectionRepositories } from './data/projection/projection.reader';

/** Everything the routes, event handlers and start-up use, wired once per running service. */
export function buildDeps(ctx: ServiceContext<AdminConfig>) {
  const c = ctx.config;
  const clock = { now: () => new Date() };
  const adminUsers = new AdminUsersRepository(ctx.conn);
  const hasher = argon2Hasher();
  const audit = new AuditLogRepository(ctx.conn, ctx.eventsWritten);
  const projections = projectionRepositories(ctx.conn);
  const projection = projectionReader(projections);
  const urls = serviceUrls(c, ['auth', 'catalog', 'payment', 'exchange', 'chat']);
  const calls = new PlatformClient(urls, c.INTERNAL_CALL_TIMEOUT_MS);
  const sessions = redisSessionRevoker(ctx.redis, c.ADMIN_TOKEN_TTL_SECONDS);
  const platformSampler = new PlatformSampler(
    platformTargets(
      c,
      () => ctx.metrics.text(),
      serviceNames.filter((n) => n !== 'admin'),
    ),
    c.PLATFORM_SAMPLE_SECONDS * 1000,
    c.PLATFORM_WINDOW_MINUTES * 60_000,
    c.PLATFORM_IDLE_SAMPLE_SECONDS * 1000,
  );
  return {
    config: c,
    logger: ctx.logger,
    adminTokens: ctx.adminTokens,
    clock,
    adminUsers,
    hasher,
    audit,
    projections,
    projection,
    counters: new EventCountersRepository(ctx.conn),
    calls,
    platformSampler,
    signIn: {
      adminUsers,
      hasher,
      audit,
      clock,
      tokens: new AdminTokenSigner({
        privateKey: readPrivateKey(c),
        issuer: c.JWT_ISSUER,
        audience: c.JWT_ADMIN_AUDIENCE,
        ttlSeconds: c.ADMIN_TOKEN_TTL_SECONDS,
      }),
      lockAfterFailures: c.ADMIN_LOCK_AFTER_FAILURES,
      lockSeconds: c.ADMIN_LOCK_SECONDS,
    },
    moderation: { calls, projection, reports: projections.reports, audit, clock },
    admins: {
      adminUsers,
      audit,
      sessions,
      clock,
      appUrl: c.APP_URL,
      resetLinkTtlSeconds: c.ADMIN_RESET_LINK_TTL_SECONDS,
    },
    passwordReset: { adminUsers, hasher, audit, sessions, clock },
  };
}

export type AdminDeps = ReturnType<typeof buildDeps>;
