import type { RunningService } from '@swapbooth/runtime';
import { loadAuthConfig } from '../../services/auth/src/config';
import { startAuthService } from '../../services/auth/src/service';
import { loadCatalogConfig } from '../../services/catalog/src/config';
import { startCatalogService } from '../../services/catalog/src/service';
import { loadSearchConfig } from '../../services/search/src/config';
import { startSearchService } from '../../services/search/src/service';
import { loadExchangeConfig } from '../../services/exchange/src/config';
import { startExchangeService } from '../../services/exchange/src/service';
import { loadChatConfig } from '../../services/chat/src/config';
import { startChatService } from '../../services/chat/src/service';
import { loadNotificationConfig } from '../../services/notification/src/config';
import { startNotificationService } from '../../services/notification/src/service';
import { loadPaymentConfig } from '../../services/payment/src/config';
import { startPaymentService } from '../../services/payment/src/service';
import { loadAdminConfig } from '../../services/admin/src/config';
import { startAdminService } from '../../services/admin/src/service';

export type AnyService = RunningService<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Starts the eight services in this process from one environment, all at once as their processes
 * start (what one waits for — the broker, its group — overlaps the others'). Each one that started
 * is added to `running`, whichever failed, so the caller stops them all; then the first failure
 * is thrown.
 */
export async function startAllServices(
  env: NodeJS.ProcessEnv,
  running: AnyService[],
): Promise<void> {
  const opts = { port: 0 };
  const started = await Promise.allSettled([
    startAuthService(loadAuthConfig(env), opts),
    startCatalogService(loadCatalogConfig(env), opts),
    startSearchService(loadSearchConfig(env), opts),
    startExchangeService(loadExchangeConfig(env), opts),
    startChatService(loadChatConfig(env), opts),
    startNotificationService(loadNotificationConfig(env), opts),
    startPaymentService(loadPaymentConfig(env), opts),
    startAdminService(loadAdminConfig(env), opts),
  ]);
  for (const s of started) if (s.status === 'fulfilled') running.push(s.value as AnyService);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}
