import request from 'supertest';
import jwt from 'jsonwebtoken';
import { loadAuthConfig } from '../../auth/src/config';
import { startAuthService } from '../../auth/src/service';
import { createAdmin } from '../src/domain/sign-in';
import {
  bearer,
  memberToken,
  newAdmin,
  PASSWORD,
  mongoUrl,
  startAdmin,
  uniqueEmail,
  type AdminService,
} from './support/harness';

let admin: AdminService;
let auth: Awaited<ReturnType<typeof startAuthService>>;

beforeAll(async () => {
  admin = await startAdmin();
  auth = await startAuthService(loadAuthConfig({ ...process.env, MONGO_URL: mongoUrl() }), {
    port: 0,
  });
});
afterAll(async () => {
  await auth?.stop();
  await admin?.stop();
});

const login = (email: string, password: string) =>
  request(admin.url).post('/api/admin/login').send({ email, password });

async function account(role: 'admin' | 'executive' | 'staff' = 'staff') {
  const email = uniqueEmail(role);
  const user = await createAdmin(admin.deps, {
    email,
    role,
    permissions: { products: true },
    password: PASSWORD,
  });
  return { ...user, email };
}

describe('admin sign-in', () => {
  it('answers an admin token of its own audience, at most an hour long, with the admin user', async () => {
    const a = await account();
    const res = await login(a.email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.adminUser).toEqual({
      id: a.id,
      email: a.email,
      role: 'staff',
      permissions: { products: true },
    });
    const claims = jwt.decode(res.body.data.adminToken) as Record<string, unknown>;
    expect(claims).toMatchObject({
      typ: 'admin',
      aud: 'swapbooth-admin',
      sub: a.id,
      role: 'staff',
      permissions: { products: true },
    });
    expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(3600);
    expect(jwt.decode(res.body.data.adminToken, { complete: true })?.header.alg).toBe('RS256');
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const a = await account();
    const wrong = await login(a.email, 'not-the-password');
    const unknown = await login(uniqueEmail('nobody'), PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('locks the account for 15 minutes after five wrong passwords, even for the right one', async () => {
    const a = await account();
    for (let i = 0; i < 4; i++) expect((await login(a.email, `wrong-${i}`)).status).toBe(401);
    const fifth = await login(a.email, 'wrong-5');
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBe(900);
    const right = await login(a.email, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(890);
    expect(right.body.message).toMatch(/locked/);
  });

  it('a success resets the count of wrong passwords', async () => {
    const a = await account();
    for (let i = 0; i < 4; i++) await login(a.email, `wrong-${i}`);
    expect((await login(a.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(a.email, `wrong-${i}`)).status).toBe(401);
    expect((await login(a.email, PASSWORD)).status).toBe(200);
  });

  it('audits every sign-in: succeeded, wrong password and locked', async () => {
    const a = await account();
    await login(a.email, PASSWORD);
    for (let i = 0; i < 5; i++) await login(a.email, `wrong-${i}`);
    await login(a.email, PASSWORD);
    const exec = await newAdmin(admin, 'executive');
    const res = await request(admin.url)
      .get(`/api/admin/audit?target_id=${a.id}&limit=100`)
      .set(bearer(exec.token));
    expect(res.status).toBe(200);
    const actions = (res.body.data.entries as Array<{ action: string }>).map((e) => e.action);
    expect(actions.filter((x) => x === 'admin.sign-in')).toHaveLength(1);
    expect(actions.filter((x) => x === 'admin.sign-in-failed')).toHaveLength(5);
    expect(actions.filter((x) => x === 'admin.sign-in-locked')).toHaveLength(1);
    expect(res.body.data.entries[0]).toMatchObject({
      admin_id: a.id,
      admin_email: a.email,
      target_type: 'admin',
      outcome: 'failed',
    });
  });

  it('rejects a sign-in body without a password, naming the field', async () => {
    const res = await request(admin.url).post('/api/admin/login').send({ email: 'x@example.test' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('password');
  });
});

describe('admin sign-out', () => {
  it('ends the session: the same token is refused afterwards', async () => {
    const exec = await newAdmin(admin, 'executive');
    const before = await request(admin.url).get('/api/admin/users').set(bearer(exec.token));
    expect(before.status).toBe(200);
    const out = await request(admin.url).post('/api/admin/logout').set(bearer(exec.token));
    expect(out.status).toBe(200);
    const after = await request(admin.url).get('/api/admin/users').set(bearer(exec.token));
    expect(after.status).toBe(401);
  });

  it('answers the same without a token or with a member token, revoking nothing', async () => {
    const exec = await newAdmin(admin, 'executive');
    expect((await request(admin.url).post('/api/admin/logout')).status).toBe(200);
    expect(
      (await request(admin.url).post('/api/admin/logout').set(bearer(memberToken()))).status,
    ).toBe(200);
    expect((await request(admin.url).get('/api/admin/users').set(bearer(exec.token))).status).toBe(
      200,
    );
  });
});

describe('tokens stay in their lane', () => {
  it('refuses a member token on an admin call', async () => {
    const res = await request(admin.url)
      .get('/api/admin/dashboard/stats')
      .set(bearer(memberToken()));
    expect(res.status).toBe(401);
  });

  it('refuses an admin token where a member token is expected', async () => {
    const exec = await newAdmin(admin, 'executive');
    const res = await request(auth.url).get('/api/profile').set(bearer(exec.token));
    expect(res.status).toBe(401);
  });

  it('lets auth accept the admin token on its internal admin route only', async () => {
    const exec = await newAdmin(admin, 'executive');
    const res = await request(auth.url).get('/internal/sign-in-throttles').set(bearer(exec.token));
    expect(res.status).toBe(200);
  });
});
