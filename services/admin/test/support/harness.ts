import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TopicName } from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import {
  bearer,
  dropIsolated,
  EventPublisher,
  EventTap,
  isolatedEnv,
  kafkaBrokers,
  mongoUrl,
  signTestToken,
  startWithRetry,
} from '@swapbooth/test-kit';
import { loadAdminConfig, type AdminConfig } from '../../src/config';
import type { AdminDeps } from '../../src/deps';
import { parsePermissions, type AdminRole } from '../../src/domain/admin-user';
import { createAdmin } from '../../src/domain/sign-in';
import { startAdminService } from '../../src/service';

export const PASSWORD = 'admin-password-long-enough';

export const uniqueEmail = (tag = 'admin') =>
  `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`;

export type AdminService = RunningService<AdminConfig, AdminDeps>;

/**
 * A test file gets databases and topics of its own (isolatedEnv), so the dashboard's counts see
 * only what the file did; every service the file starts gets the same settings, and the file
 * drops them at the end (dropIsolated).
 */
export { dropIsolated, isolatedEnv, mongoUrl };

/** Starts the admin service in this process. */
export async function startAdmin(env: Record<string, string> = {}): Promise<AdminService> {
  const config = loadAdminConfig({ ...process.env, MONGO_URL: mongoUrl(), ...env });
  return startWithRetry(() =>
    startAdminService(config, { port: 0, relay: { pollIntervalMs: 200 } }),
  );
}

/** Publishes events as their producing services would, on the file's topics. */
export class Publisher extends EventPublisher {
  constructor(prefix: string) {
    super(kafkaBrokers(), prefix);
  }
}

export interface SignedInAdmin {
  id: string;
  email: string;
  token: string;
}

/** Creates an admin account directly (as the CLI does) and signs it in over HTTP. */
export async function newAdmin(
  svc: AdminService,
  role: AdminRole,
  areas = '',
): Promise<SignedInAdmin> {
  const email = uniqueEmail(role);
  const created = await createAdmin(svc.deps, {
    email,
    role,
    permissions: parsePermissions(areas),
    password: PASSWORD,
  });
  const res = await request(svc.url).post('/api/admin/login').send({ email, password: PASSWORD });
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: created.id, email, token: res.body.data.adminToken as string };
}

/** A member access token (auth's kind), for proving admin routes refuse it. */
export const memberToken = (userId = `u${randomBytes(6).toString('hex')}`) => signTestToken(userId);

export { bearer };

/** Reads what is published on one of the file's topics, as a consumer would. */
export class Tap extends EventTap {
  constructor(prefix: string, topic: TopicName) {
    super(kafkaBrokers(), prefix, [topic]);
  }
}
