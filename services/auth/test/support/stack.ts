import type { RunningService } from '@swapbooth/runtime';
import { loadAuthConfig, type AuthConfig } from '../../src/config';
import { startAuthService, type AuthOverrides } from '../../src/service';
// The sign-up flow spans two services: codes reach MailDev through the notification service.
import { loadNotificationConfig } from '../../../notification/src/config';
import { startNotificationService } from '../../../notification/src/service';

/**
 * FerretDB (the local MongoDB-compatible server) applies an update as read, modify, write without a
 * lock, so concurrent updates of one document can be lost; one connection per service serialises
 * them, which gives the single-document atomicity MongoDB guarantees.
 */
export function serialisedMongoUrl(url = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/') {
  if (/[?&]maxPoolSize=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}maxPoolSize=1`;
}

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
  const MONGO_URL = serialisedMongoUrl();
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
