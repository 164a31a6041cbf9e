import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { RunningService } from '@swapbooth/runtime';
import { signTestToken, bearer } from '@swapbooth/test-kit';
import { loadAdminConfig, type AdminConfig } from '../../src/config';
import type { AdminDeps } from '../../src/deps';
import { parsePermissions, type AdminRole } from '../../src/domain/admin-user';
import { createAdmin } from '../../src/domain/sign-in';
import { startAdminService } from '../../src/service';

export const PASSWORD = 'admin-password-long-enough';

/**
 * FerretDB applies an update as read, change, write-back without a lock: one connection per service
 * serialises a process's commands (MongoDB itself does not need this).
 */
export function serialisedMongoUrl(url = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/') {
  if (/[?&]maxPoolSize=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}maxPoolSize=1`;
}

export const uniqueEmail = (tag = 'admin') =>
  `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`;

export type AdminService = RunningService<AdminConfig, AdminDeps>;

/** Starts the admin service in this process on the run's databases and topics. */
export async function startAdmin(env: Record<string, string> = {}): Promise<AdminService> {
  return startAdminService(
    loadAdminConfig({ ...process.env, MONGO_URL: serialisedMongoUrl(), ...env }),
    { port: 0 },
  );
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
