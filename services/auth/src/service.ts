import cookieParser from 'cookie-parser';
import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { AuthConfig } from './config';
import { buildDeps, type AuthDeps, type AuthDepsOptions } from './deps';
import { subscriptions } from './events/subscriptions';
import { userModel } from './data/users/user.model';
import { followModel } from './data/follows/follow.model';
import { blockModel } from './data/blocks/block.model';
import { refreshTokenModel } from './data/refresh-tokens/refresh-token.model';
import { revocationModel } from './data/revocations/revocation.model';
import { authRoutes } from './api/auth/auth.routes';
import { sessionsRoutes } from './api/sessions/sessions.routes';
import { passwordRoutes } from './api/password/password.routes';
import { profileRoutes } from './api/profile/profile.routes';
import { addressesRoutes } from './api/addresses/addresses.routes';
import { followingRoutes } from './api/following/following.routes';
import { blocksRoutes } from './api/blocks/blocks.routes';
import { internalUsersRoutes } from './api/internal/internal-users.routes';
import { signInThrottlesRoutes } from './api/internal/sign-in-throttles.routes';
import { signInLinkRoutes } from './api/sign-in-link/sign-in-link.routes';

export type AuthOverrides = RuntimeOverrides & AuthDepsOptions;

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Used-up refresh tokens are kept a while after expiry so reuse is still recognised. */
const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

/** Starts the auth service: its database, event plumbing and HTTP API. */
export function startAuthService(
  config: Readonly<AuthConfig>,
  overrides: AuthOverrides = {},
): Promise<RunningService<AuthConfig, AuthDeps>> {
  const { googleCerts, ...runtime } = overrides;
  let sweeper: NodeJS.Timeout | undefined;
  const cookies = { secure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production' };

  return startServiceRuntime({
    name: 'auth',
    config,
    models: (conn) => {
      refreshTokenModel(conn);
      revocationModel(conn);
      return [userModel(conn), followModel(conn), blockModel(conn)];
    },
    deps: (ctx) => buildDeps(ctx, googleCerts ? { googleCerts } : {}),
    subscriptions,
    routes: (app, d) => {
      app.use(cookieParser());
      app.use(authRoutes(d, cookies));
      app.use(sessionsRoutes(d, cookies));
      app.use(passwordRoutes(d, cookies));
      app.use(signInLinkRoutes(d, cookies));
      app.use(profileRoutes(d));
      app.use(addressesRoutes(d));
      app.use(followingRoutes(d));
      app.use(blocksRoutes(d));
      app.use(internalUsersRoutes(d));
      app.use(signInThrottlesRoutes(d));
    },
    onStart: async ({ refreshTokens: tokens, revocations, revocationRestorer }, ctx) => {
      // Redis may have lost the deny-list while auth was down: written back before serving.
      await revocationRestorer.ensure();
      revocationRestorer.start(config.REVOCATION_CHECK_MS);
      sweeper = setInterval(() => {
        tokens.deleteExpired(SWEEP_GRACE_MS).catch((err: unknown) => {
          ctx.logger.warn({ err: (err as Error).message }, 'refresh token sweep failed');
        });
        revocations.deleteExpired().catch((err: unknown) => {
          ctx.logger.warn({ err: (err as Error).message }, 'revocation sweep failed');
        });
      }, SWEEP_EVERY_MS);
      sweeper.unref();
    },
    onStop: async ({ revocationRestorer }) => {
      revocationRestorer.stop();
      if (sweeper) clearInterval(sweeper);
    },
    ...runtime,
  });
}
