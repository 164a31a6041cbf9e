import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningService } from '@swapbooth/runtime';
import { loadAuthConfig } from '../../../auth/src/config';
import { startAuthService } from '../../../auth/src/service';
import { loadNotificationConfig } from '../../../notification/src/config';
import { startNotificationService } from '../../../notification/src/service';
import { loadCatalogConfig } from '../../../catalog/src/config';
import { startCatalogService } from '../../../catalog/src/service';
import { loadSearchConfig } from '../../../search/src/config';
import { startSearchService } from '../../../search/src/service';
import { loadPaymentConfig } from '../../../payment/src/config';
import { startPaymentService } from '../../../payment/src/service';
import { AuthStub } from '../../../catalog/test/support/auth-stub';
import { dropIsolated, isolatedEnv, startAdmin, type AdminService } from './harness';

/**
 * The services an admin command reaches and the ones whose reaction members see: auth (and
 * notification for its sign-up codes), catalog, search, payment and admin, on databases and topics of this
 * test file's own. Catalog checks listing addresses against a stand-in of auth's address lookup.
 */
export interface Platform {
  env: Record<string, string>;
  admin: AdminService;
  auth: RunningService;
  catalog: RunningService;
  search: RunningService;
  payment: RunningService;
  addresses: AuthStub;
  stop(): Promise<void>;
}

export async function startPlatform(): Promise<Platform> {
  const env = { ...isolatedEnv(), LOG_LEVEL: process.env.ADMIN_TEST_LOG_LEVEL ?? 'error' };
  const base = { ...process.env, ...env };
  const started: Array<{ stop(): Promise<void> }> = [];
  const addresses = new AuthStub();
  await addresses.start();
  started.push(addresses);
  try {
    started.push(await startNotificationService(loadNotificationConfig(base), { port: 0 }));
    const auth = await startAuthService(loadAuthConfig(base), { port: 0 });
    started.push(auth);
    const catalog = await startCatalogService(
      loadCatalogConfig({
        ...base,
        S3_ENDPOINT: '',
        LOCAL_IMAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'admin-test-images-')),
        AUTH_URL: addresses.url,
      }),
      { port: 0, relay: { pollIntervalMs: 200 } },
    );
    started.push(catalog);
    const search = await startSearchService(loadSearchConfig(base), { port: 0 });
    started.push(search);
    // Without a Stripe key payment runs its local sandbox provider.
    const payment = await startPaymentService(
      loadPaymentConfig({ ...base, STRIPE_SECRET_KEY: undefined }),
      { port: 0 },
    );
    started.push(payment);
    const admin = await startAdmin({
      ...env,
      AUTH_URL: auth.url,
      CATALOG_URL: catalog.url,
      PAYMENT_URL: payment.url,
    });
    started.push(admin);
    return {
      env,
      admin,
      auth,
      catalog,
      search,
      payment,
      addresses,
      async stop() {
        for (const s of started.reverse()) await s.stop().catch(() => undefined);
        await dropIsolated(env);
      },
    };
  } catch (err) {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    await dropIsolated(env);
    throw err;
  }
}
