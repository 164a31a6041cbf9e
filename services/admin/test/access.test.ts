import request from 'supertest';
import type { RequestHandler } from 'express';
import { freePort, signTestToken } from '@swapbooth/test-kit';
import { adminApi } from '../src/api/routes';
import { declaredArea, openAdminRoutes } from '../src/api/admin-routes';
import {
  bearer,
  dropIsolated,
  isolatedEnv,
  memberToken,
  newAdmin,
  PASSWORD,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from './support/harness';

const env = isolatedEnv();
let admin: AdminService;
let executive: SignedInAdmin;
let adminRole: SignedInAdmin;

beforeAll(async () => {
  // The owning services are not running here: a call that passes the guard meets a closed port.
  const closed = `http://127.0.0.1:${await freePort()}`;
  admin = await startAdmin({
    ...env,
    AUTH_URL: closed,
    CATALOG_URL: closed,
    PAYMENT_URL: closed,
    EXCHANGE_URL: closed,
  });
  executive = await newAdmin(admin, 'executive');
  adminRole = await newAdmin(admin, 'admin');
});
afterAll(async () => {
  await admin?.stop();
  await dropIsolated(env);
});

interface Layer {
  route?: {
    path: string;
    methods: Record<string, boolean>;
    stack: Array<{ handle: RequestHandler }>;
  };
}

/** Every route of the admin API as registered in express: method, path, the area it declares. */
function routeTable() {
  const router = adminApi(admin.deps, admin.ctx) as unknown as { stack: Layer[] };
  return router.stack
    .filter((l) => l.route)
    .flatMap((l) =>
      Object.keys(l.route!.methods).map((m) => ({
        method: m,
        path: l.route!.path,
        area: declaredArea(l.route!.stack.map((s) => s.handle)),
      })),
    );
}

describe('deny by default', () => {
  it('every admin route but sign-in, sign-out, health and the reset link declares the permission it needs', () => {
    const table = routeTable();
    expect(table.length).toBeGreaterThanOrEqual(10);
    const open = table.filter((r) =>
      openAdminRoutes.some((o) => o.method === r.method && o.path === r.path),
    );
    expect(open.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'get /api/admin/health',
      'post /api/admin/login',
      'post /api/admin/logout',
      'post /api/admin/password-reset',
    ]);
    const undeclared = table.filter((r) => !open.includes(r) && !r.area);
    expect(undeclared).toEqual([]);
    expect(open.every((r) => r.area === undefined)).toBe(true);
  });
});

/** The routes with a representative call: what an authorised caller gets with the owners down. */
const calls: Array<{
  method: 'get' | 'patch' | 'put' | 'post' | 'delete';
  path: string;
  area: string;
  body?: object;
  allowed: number;
}> = [
  { method: 'get', path: '/api/admin/dashboard/stats', area: 'dashboard', allowed: 200 },
  { method: 'get', path: '/api/admin/dashboard/dead-letters', area: 'dashboard', allowed: 200 },
  { method: 'get', path: '/api/admin/users', area: 'users', allowed: 200 },
  {
    method: 'patch',
    path: '/api/admin/users/u123/status',
    area: 'users',
    body: { status: 'suspended', reason: 'spam' },
    allowed: 503,
  },
  { method: 'get', path: '/api/admin/products', area: 'products', allowed: 200 },
  {
    method: 'patch',
    path: '/api/admin/products/p123/status',
    area: 'products',
    body: { status: 'hidden', reason: 'counterfeit' },
    allowed: 503,
  },
  { method: 'get', path: '/api/admin/subscriptions', area: 'subscriptions', allowed: 200 },
  {
    method: 'patch',
    path: '/api/admin/subscriptions/sub_123/cancel',
    area: 'subscriptions',
    body: { reason: 'fraud' },
    allowed: 503,
  },
  { method: 'get', path: '/api/admin/test-stripe', area: 'subscriptions', allowed: 503 },
  { method: 'get', path: '/api/admin/reports', area: 'reports', allowed: 200 },
  { method: 'get', path: '/api/admin/reports/members', area: 'reports', allowed: 200 },
  {
    method: 'patch',
    path: '/api/admin/reports/r123',
    area: 'reports',
    body: { resolution: 'dismissed' },
    allowed: 404,
  },
  // Ratings that break the rules: moderated under reports, through exchange (down here).
  { method: 'get', path: '/api/admin/ratings/user/u123', area: 'reports', allowed: 503 },
  {
    method: 'delete',
    path: '/api/admin/ratings/p123:u123',
    area: 'reports',
    body: { reason: 'abusive language' },
    allowed: 503,
  },
  // Disputes: read and decided through exchange (and chat), down here.
  { method: 'get', path: '/api/admin/disputes', area: 'disputes', allowed: 503 },
  { method: 'get', path: '/api/admin/disputes/d123', area: 'disputes', allowed: 503 },
  {
    method: 'post',
    path: '/api/admin/disputes/d123/resolve',
    area: 'disputes',
    body: { outcome: 'completed', note: 'as agreed' },
    allowed: 503,
  },
  { method: 'get', path: '/api/admin/audit', area: 'audit', allowed: 200 },
  // The services' metrics, read inside the cluster (down here: the page says so).
  { method: 'get', path: '/api/admin/platform', area: 'platform', allowed: 200 },
  { method: 'get', path: '/api/admin/organisers', area: 'users', allowed: 503 },
  {
    method: 'put',
    path: '/api/admin/organisers/u123',
    area: 'users',
    body: { status: 'approved' },
    allowed: 503,
  },
  // Managing admins needs the executive role: no area grants it, nor does the admin role.
  { method: 'get', path: '/api/admin/admins', area: 'executive', allowed: 200 },
  {
    method: 'patch',
    path: '/api/admin/admins/a123',
    area: 'executive',
    body: { permissions: { products: true } },
    allowed: 404,
  },
  {
    method: 'patch',
    path: '/api/admin/admins/a123/status',
    area: 'executive',
    body: { status: 'disabled' },
    allowed: 404,
  },
  {
    method: 'post',
    path: '/api/admin/admins/a123/password-reset',
    area: 'executive',
    allowed: 404,
  },
];

describe('the access matrix', () => {
  it('covers every guarded route', () => {
    const guarded = routeTable().filter((r) => r.area);
    for (const r of guarded) {
      const pattern = new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`);
      expect(
        calls.some((c) => c.method === r.method && pattern.test(c.path) && c.area === r.area),
      ).toBe(true);
    }
  });

  it('answers each caller exactly as expected, with no unauthorised success', async () => {
    const staffWithout = new Map<string, SignedInAdmin>();
    const staffWith = new Map<string, SignedInAdmin>();
    for (const area of new Set(calls.map((c) => c.area))) {
      if (area === 'executive') continue;
      const others = ['dashboard', 'users', 'products', 'subscriptions', 'reports', 'audit'].filter(
        (a) => a !== area,
      );
      staffWithout.set(area, await newAdmin(admin, 'staff', others.join(',')));
      staffWith.set(area, await newAdmin(admin, 'staff', area));
    }
    const everyArea = await newAdmin(admin, 'staff', 'all');
    const outcomes: string[] = [];
    let unauthorisedSuccesses = 0;
    for (const c of calls) {
      const callers: Array<[string, string | undefined, number]> =
        c.area === 'executive'
          ? [
              ['no token', undefined, 401],
              ['member token', memberToken(), 401],
              ['staff with every area', everyArea.token, 403],
              ['admin', adminRole.token, 403],
              ['executive', executive.token, c.allowed],
            ]
          : [
              ['no token', undefined, 401],
              ['member token', memberToken(), 401],
              ['staff without the permission', staffWithout.get(c.area)!.token, 403],
              ['staff with the permission', staffWith.get(c.area)!.token, c.allowed],
              ['executive', executive.token, c.allowed],
              ['admin', adminRole.token, c.allowed],
            ];
      for (const [who, token, expected] of callers) {
        let req = request(admin.url)[c.method](c.path);
        if (token) req = req.set(bearer(token));
        const res = await (c.body ? req.send(c.body) : req);
        if (res.status !== expected)
          outcomes.push(`${c.method} ${c.path} as ${who}: ${res.status}, expected ${expected}`);
        if (expected >= 401 && expected <= 403 && res.status < 300) unauthorisedSuccesses++;
      }
    }
    expect(outcomes).toEqual([]);
    expect(unauthorisedSuccesses).toBe(0);
  });

  it('refuses a member-audience token that claims an admin role, and an admin-audience one of the wrong type', async () => {
    const claims = { role: 'admin', permissions: { users: true } };
    const memberAudience = signTestToken('x1', { type: 'admin', extra: claims });
    const wrongType = signTestToken('x1', { audience: 'swapbooth-admin', extra: claims });
    for (const token of [memberAudience, wrongType]) {
      const res = await request(admin.url).get('/api/admin/users').set(bearer(token));
      expect(res.status).toBe(401);
    }
  });
});

describe('mass assignment', () => {
  it('refuses fields a status change does not take, naming the field', async () => {
    const res = await request(admin.url)
      .patch('/api/admin/users/u123/status')
      .set(bearer(executive.token))
      .send({ status: 'active', role: 'admin', userId: 'someone-else' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/role|userId|Unrecognized/);
  });

  it('refuses a listing status catalog moderation does not offer', async () => {
    const res = await request(admin.url)
      .patch('/api/admin/products/p1/status')
      .set(bearer(executive.token))
      .send({ status: 'traded', reason: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('status');
  });

  it('ignores a role or permissions sent with a sign-in', async () => {
    const staff = await newAdmin(admin, 'staff', 'products');
    const res = await request(admin.url)
      .post('/api/admin/login')
      .send({
        email: staff.email,
        password: PASSWORD,
        role: 'admin',
        permissions: { users: true },
      });
    expect(res.status).toBe(200);
    expect(res.body.data.adminUser).toMatchObject({
      role: 'staff',
      permissions: { products: true },
    });
  });

  it('asks for a reason to suspend a member or hide a listing', async () => {
    const a = await request(admin.url)
      .patch('/api/admin/users/u1/status')
      .set(bearer(executive.token))
      .send({ status: 'suspended' });
    const b = await request(admin.url)
      .patch('/api/admin/products/p1/status')
      .set(bearer(executive.token))
      .send({ status: 'hidden' });
    expect([a.status, a.body.field]).toEqual([400, 'reason']);
    expect([b.status, b.body.field]).toEqual([400, 'reason']);
  });
});

describe('health', () => {
  it('answers a bare status without a token and the detail with an admin token', async () => {
    const bare = await request(admin.url).get('/api/admin/health');
    expect(Object.keys(bare.body).sort()).toEqual(['status', 'success']);
    const detailed = await request(admin.url).get('/api/admin/health').set(bearer(executive.token));
    expect(detailed.body.services.admin).toBeDefined();
  });
});
