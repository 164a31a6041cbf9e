import type { RunningService } from '@swapbooth/runtime';
import { startServiceUnderTest } from '@swapbooth/test-kit';
import { loadAuthConfig, type AuthConfig } from '../../src/config';
import { startAuthService, type AuthOverrides } from '../../src/service';
// The sign-up flow spans two services: codes reach MailDev through the notification service.
import { loadNotificationConfig } from '../../../notification/src/config';
import { startNotificationService } from '../../../notification/src/service';

export { mongoUrl } from '@swapbooth/test-kit';

export interface Stack {
  auth: RunningService<AuthConfig>;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts auth (and, unless told otherwise, notification) in this process against the real servers,
 * on the run's databases and topics, which the auth tests' event helpers read.
 */
export async function startStack(
  env: Record<string, string> = {},
  overrides: AuthOverrides = {},
  withMail = true,
): Promise<Stack> {
  const notification = withMail
    ? await startServiceUnderTest({
        name: 'notification',
        loadConfig: loadNotificationConfig,
        start: startNotificationService,
        isolation: 'run',
      })
    : undefined;
  const auth = await startServiceUnderTest({
    name: 'auth',
    loadConfig: loadAuthConfig,
    start: (config, defaults) => startAuthService(config, { ...defaults, ...overrides }),
    env,
    isolation: 'run',
  });
  return {
    auth: auth.service,
    url: auth.url,
    async stop() {
      await auth.stop();
      await notification?.stop();
    },
  };
}
