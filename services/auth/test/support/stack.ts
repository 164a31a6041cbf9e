import type { RunningService } from '@swapbooth/runtime';
import { loadAuthConfig, type AuthConfig } from '../../src/config';
import { startAuthService, type AuthOverrides } from '../../src/service';
// The sign-up flow spans two services: codes reach MailDev through the notification service.
import { loadNotificationConfig } from '../../../notification/src/config';
import { startNotificationService } from '../../../notification/src/service';

/** The run's database server (each service keeps the driver's ordinary connection pool). */
export const mongoUrl = () => process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';

export interface Stack {
  auth: RunningService<AuthConfig>;
  url: string;
  stop(): Promise<void>;
}

/** Starts auth (and, unless told otherwise, notification) in this process against the real servers. */
export async function startStack(
  env: Record<string, string> = {},
  overrides: AuthOverrides = {},
  withMail = true,
): Promise<Stack> {
  const MONGO_URL = mongoUrl();
  const notification = withMail
    ? await startNotificationService(loadNotificationConfig({ ...process.env, MONGO_URL }), {
        port: 0,
      })
    : undefined;
  const auth = await startAuthService(loadAuthConfig({ ...process.env, MONGO_URL, ...env }), {
    port: 0,
    ...overrides,
  });
  return {
    auth,
    url: auth.url,
    async stop() {
      await auth.stop();
      await notification?.stop();
    },
  };
}
