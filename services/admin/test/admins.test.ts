import request from 'supertest';
import { adminEndpoints, checkResponse } from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import { revocationChecker, verifyToken } from '@swapbooth/service-kit';
import { eventually, listMail, waitForMail } from '@swapbooth/test-kit';
import { loadNotificationConfig } from '../../notification/src/config';
import { startNotificationService } from '../../notification/src/service';
import {
  bearer,
  dropIsolated,
  isolatedEnv,
  newAdmin,
  PASSWORD,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from './support/harness';

jest.setTimeout(90_000);

const APP_URL = 'https://swapbooth.example';
const env = { ...isolatedEnv(), APP_URL, LOG_LEVEL: process.env.ADMIN_TEST_LOG_LEVEL ?? 'error' };
let admin: AdminService;
let notification: RunningService;

beforeAll(async () => {
  admin = await startAdmin(env);
  // The reset e-mail goes the usual way: admin's outbox → Kafka → notification → SMTP (MailDev).
  notification = await startNotificationService(
    loadNotificationConfig({ ...process.env, ...env }),
    { port: 0 },
  );
});
afterAll(async () => {
  await notification?.stop();
  await admin?.stop();
  await dropIsolated(env);
});

type Key = keyof typeof adminEndpoints;
const answer = <K extends Key>(key: K, res: { status: number; body: unknown }) =>
  checkResponse(adminEndpoints, key, res);

const call = (method: 'get' | 'patch' | 'post', path: string, token?: string, body?: object) => {
  let req = request(admin.url)[method](path);
  if (token) req = req.set(bearer(token));
  return body ? req.send(body) : req;
};

const signIn = (email: string, password = PASSWORD) =>
  request(admin.url).post('/api/admin/login').send({ email, password });

/** The audit entries about one admin account, newest first. */
async function auditOf(executive: SignedInAdmin, targetId: string, action?: string) {
  const filter = action ? `&action=${action}` : '';
  const res = await call('get', `/api/admin/audit?target_id=${targetId}${filter}`, executive.token);
  return answer('GET /api/admin/audit', res).entries;
}

/** Leaves `keep` the only active executive of this file's database. */
async function onlyExecutive(keep: SignedInAdmin) {
  const list = answer('GET /api/admin/admins', await call('get', '/api/admin/admins', keep.token));
  for (const a of list.admins) {
    if (a.admin_id === keep.id || a.role !== 'executive' || a.status !== 'active') continue;
    const res = await call('patch', `/api/admin/admins/${a.admin_id}/status`, keep.token, {
      status: 'disabled',
    });
    expect(res.status).toBe(200);
  }
}

describe('who may manage admins', () => {
  it('lists the admin accounts to an executive, without passwords or reset links', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'products');
    const list = answer(
      'GET /api/admin/admins',
      await call('get', '/api/admin/admins', executive.token),
    );
    const row = list.admins.find((a) => a.admin_id === staff.id);
    expect(row).toMatchObject({
      email: staff.email,
      role: 'staff',
      permissions: { products: true },
      status: 'active',
    });
    expect(row!.last_sign_in_at).not.toBeNull();
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|tokenHash|argon2/);
  });

  it('refuses every admin-management call to a non-executive with 403, and without a token with 401', async () => {
    const executive = await newAdmin(admin, 'executive');
    const target = await newAdmin(admin, 'staff', 'products');
    const everyArea = await newAdmin(admin, 'staff', 'all');
    const adminRole = await newAdmin(admin, 'admin');
    const calls: Array<['get' | 'patch' | 'post', string, object?]> = [
      ['get', '/api/admin/admins'],
      ['patch', `/api/admin/admins/${target.id}`, { permissions: { users: true } }],
      ['patch', `/api/admin/admins/${target.id}/status`, { status: 'disabled' }],
      ['post', `/api/admin/admins/${target.id}/password-reset`],
    ];
    const seen: string[] = [];
    for (const [method, path, body] of calls) {
      for (const [who, token, expected] of [
        ['no token', undefined, 401],
        ['staff with every area', everyArea.token, 403],
        ['admin role', adminRole.token, 403],
      ] as const) {
        const res = await call(method, path, token, body);
        if (res.status !== expected) seen.push(`${method} ${path} as ${who}: ${res.status}`);
      }
    }
    expect(seen).toEqual([]);
    // Nothing changed: the target is as it was created.
    const list = answer(
      'GET /api/admin/admins',
      await call('get', '/api/admin/admins', executive.token),
    );
    expect(list.admins.find((a) => a.admin_id === target.id)).toMatchObject({
      role: 'staff',
      permissions: { products: true },
      status: 'active',
    });
  });
});

describe('role and areas', () => {
  it('changes an admin’s areas, ends its sessions, and logs the change under the executive', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'products');
    const res = await call('patch', `/api/admin/admins/${staff.id}`, executive.token, {
      permissions: { products: true, reports: true },
    });
    expect(answer('PATCH /api/admin/admins/{id}', res)).toMatchObject({
      admin_id: staff.id,
      role: 'staff',
      permissions: { products: true, reports: true },
    });
    // The old token carried the old areas: it is refused at once.
    expect((await call('get', '/api/admin/products', staff.token)).status).toBe(401);
    const again = await signIn(staff.email);
    expect(again.body.data.adminUser.permissions).toEqual({ products: true, reports: true });
    expect((await call('get', '/api/admin/reports', again.body.data.adminToken)).status).toBe(200);

    const [entry] = await auditOf(executive, staff.id, 'admin.access-set');
    expect(entry).toMatchObject({
      admin_id: executive.id,
      admin_email: executive.email,
      action: 'admin.access-set',
      target_type: 'admin',
      outcome: 'succeeded',
      before: { role: 'staff', permissions: { products: true } },
      after: { role: 'staff', permissions: { products: true, reports: true } },
    });
  });

  it('makes a staff admin an executive, who may then manage admins', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'audit');
    const res = await call('patch', `/api/admin/admins/${staff.id}`, executive.token, {
      role: 'executive',
    });
    expect(answer('PATCH /api/admin/admins/{id}', res).role).toBe('executive');
    const promoted = (await signIn(staff.email)).body.data.adminToken as string;
    expect((await call('get', '/api/admin/admins', promoted)).status).toBe(200);
  });

  it('refuses to grant an area that is not one the executive holds, naming it', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'products');
    const res = await call('patch', `/api/admin/admins/${staff.id}`, executive.token, {
      permissions: { products: true, billing: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('permissions');
    expect(res.body.message).toMatch(/'billing' is not an area/);
    const list = answer(
      'GET /api/admin/admins',
      await call('get', '/api/admin/admins', executive.token),
    );
    expect(list.admins.find((a) => a.admin_id === staff.id)!.permissions).toEqual({
      products: true,
    });
  });

  it('asks for a role or areas, and 404s an unknown admin', async () => {
    const executive = await newAdmin(admin, 'executive');
    const empty = await call('patch', `/api/admin/admins/${executive.id}`, executive.token, {});
    expect([empty.status, empty.body.field]).toEqual([400, 'role']);
    const unknown = await call('patch', '/api/admin/admins/no-such-admin', executive.token, {
      permissions: { users: true },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the last executive', () => {
  it('cannot be demoted or disabled (409), and the refusal is in the audit log', async () => {
    const executive = await newAdmin(admin, 'executive');
    await onlyExecutive(executive);
    const demote = await call('patch', `/api/admin/admins/${executive.id}`, executive.token, {
      role: 'admin',
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/last active executive/);
    const disable = await call(
      'patch',
      `/api/admin/admins/${executive.id}/status`,
      executive.token,
      {
        status: 'disabled',
      },
    );
    expect(disable.status).toBe(409);
    // Still an executive, still signed in.
    expect((await call('get', '/api/admin/admins', executive.token)).status).toBe(200);
    const refusals = (await auditOf(executive, executive.id)).filter((e) => e.outcome === 'failed');
    expect(refusals.map((e) => e.action).sort()).toEqual(['admin.access-set', 'admin.status-set']);
  });

  it('survives two executives demoting each other at once: one stays', async () => {
    const a = await newAdmin(admin, 'executive');
    await onlyExecutive(a);
    const b = await newAdmin(admin, 'executive');
    const [ab, ba] = await Promise.all([
      call('patch', `/api/admin/admins/${b.id}`, a.token, { role: 'staff' }),
      call('patch', `/api/admin/admins/${a.id}`, b.token, { role: 'staff' }),
    ]);
    const statuses = [ab.status, ba.status];
    // Both may be refused (each saw none left for a moment), never both granted. The one demoted
    // first may also be refused as no longer an executive: 401 once its tokens are revoked, 403
    // when its call got past the token check before that and found its role already changed.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => ![200, 401, 403, 409].includes(s))).toEqual([]);
    const rows = (await admin.deps.adminUsers.list()).filter(
      (u) => u.role === 'executive' && u.status === 'active',
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});

describe('disabling', () => {
  it('refuses a disabled admin’s existing token at once, everywhere tokens are checked', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'products');
    expect((await call('get', '/api/admin/products', staff.token)).status).toBe(200);
    const res = await call('patch', `/api/admin/admins/${staff.id}/status`, executive.token, {
      status: 'disabled',
      reason: 'left the team',
    });
    expect(answer('PATCH /api/admin/admins/{id}/status', res).status).toBe('disabled');
    // The admin service refuses it on the next call…
    const after = await call('get', '/api/admin/products', staff.token);
    expect(after.status).toBe(401);
    // …and so do the gateway and the other services, which read the shared deny-list.
    const principal = verifyToken(staff.token, admin.ctx.adminTokens);
    expect(await revocationChecker(admin.ctx.redis)(principal)).toBe(true);
    // Signing in again does not work either.
    const again = await signIn(staff.email);
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/disabled/);
    // A wrong password is told nothing more than any other wrong password.
    expect((await signIn(staff.email, 'wrong-password-entirely')).status).toBe(401);

    const [entry] = await auditOf(executive, staff.id, 'admin.status-set');
    expect(entry).toMatchObject({
      admin_id: executive.id,
      action: 'admin.status-set',
      before: { status: 'active' },
      after: { status: 'disabled' },
      reason: 'left the team',
    });
  });

  it('re-enables an admin, who signs in afresh while the old token stays refused', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'products');
    for (const status of ['disabled', 'active'] as const) {
      const res = await call('patch', `/api/admin/admins/${staff.id}/status`, executive.token, {
        status,
      });
      expect(res.status).toBe(200);
    }
    expect((await call('get', '/api/admin/products', staff.token)).status).toBe(401);
    const again = await signIn(staff.email);
    expect(again.status).toBe(200);
    expect((await call('get', '/api/admin/products', again.body.data.adminToken)).status).toBe(200);
  });
});

describe('password reset by a one-time link', () => {
  it('e-mails the admin a link that sets a new password once, and logs both steps under their actors', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'products');
    const sent = await call(
      'post',
      `/api/admin/admins/${staff.id}/password-reset`,
      executive.token,
    );
    const receipt = answer('POST /api/admin/admins/{id}/password-reset', sent);
    expect(receipt.admin_id).toBe(staff.id);
    // The audit entry does not hold the link.
    expect(JSON.stringify(await auditOf(executive, staff.id))).not.toMatch(/reset-password\?token/);

    const mail = await waitForMail(staff.email, /admin password/, 60_000);
    const link = mail.text.match(/https:\/\/\S+/)?.[0];
    expect(link?.startsWith(`${APP_URL}/admin/reset-password?token=`)).toBe(true);
    const token = new URL(link!).searchParams.get('token')!;

    // Until the link is used the current password still works.
    expect((await signIn(staff.email)).status).toBe(200);
    const newPassword = 'a-brand-new-admin-password';
    const short = await request(admin.url)
      .post('/api/admin/password-reset')
      .send({ token, password: 'short' });
    expect([short.status, short.body.field]).toEqual([400, 'password']);
    const used = await request(admin.url)
      .post('/api/admin/password-reset')
      .send({ token, password: newPassword });
    expect(answer('POST /api/admin/password-reset', used)).toEqual({ reset: true });

    // Works once.
    const twice = await request(admin.url)
      .post('/api/admin/password-reset')
      .send({ token, password: 'yet-another-admin-password' });
    expect([twice.status, twice.body.field]).toEqual([400, 'token']);

    expect((await signIn(staff.email)).status).toBe(401);
    expect((await signIn(staff.email, newPassword)).status).toBe(200);
    // Sessions from before the reset are over.
    expect((await call('get', '/api/admin/products', staff.token)).status).toBe(401);

    const entries = await auditOf(executive, staff.id);
    const requested = entries.find((e) => e.action === 'admin.password-reset-requested');
    const done = entries.find((e) => e.action === 'admin.password-reset');
    expect(requested).toMatchObject({ admin_id: executive.id, outcome: 'succeeded' });
    expect(done).toMatchObject({ admin_id: staff.id, admin_email: staff.email });
  });

  it('refuses a made-up link without saying more', async () => {
    const res = await request(admin.url)
      .post('/api/admin/password-reset')
      .send({ token: 'not-a-real-token', password: 'long-enough-password-1' });
    expect([res.status, res.body.field]).toEqual([400, 'token']);
  });

  it('lets only the newest link work', async () => {
    const executive = await newAdmin(admin, 'executive');
    const staff = await newAdmin(admin, 'staff', 'audit');
    for (let i = 0; i < 2; i++) {
      const res = await call(
        'post',
        `/api/admin/admins/${staff.id}/password-reset`,
        executive.token,
      );
      expect(res.status).toBe(200);
    }
    const links = await eventually(
      async () => {
        const mails = (await listMail()).filter(
          (m) => m.to.some((t) => t.address === staff.email) && /admin password/.test(m.subject),
        );
        return mails.length === 2
          ? mails.map((m) => new URL(m.text.match(/https:\/\/\S+/)![0]).searchParams.get('token')!)
          : undefined;
      },
      30_000,
      250,
    );
    const answers: number[] = [];
    for (const token of links) {
      const res = await request(admin.url)
        .post('/api/admin/password-reset')
        .send({ token, password: 'newest-link-password-1' });
      answers.push(res.status);
    }
    // One of the two e-mails carries the newest link (they may arrive in either order).
    expect(answers.sort()).toEqual([200, 400]);
  });
});
