import request from 'supertest';
import { dropIsolated, isolatedEnv, startAdmin } from './support/harness';

const env = isolatedEnv();
afterAll(() => dropIsolated(env));

const seed =
  'exec@seed.test|seed-executive-pass|executive|;products@seed.test|seed-staff-password|staff|products';

it('creates the configured admins at start, once, and they sign in with their roles', async () => {
  let admin = await startAdmin({ ...env, ADMIN_SEED_ACCOUNTS: seed });
  await admin.stop();
  // A second start (a restart, another replica) finds them and changes nothing.
  admin = await startAdmin({ ...env, ADMIN_SEED_ACCOUNTS: seed });
  try {
    const exec = await request(admin.url)
      .post('/api/admin/login')
      .send({ email: 'exec@seed.test', password: 'seed-executive-pass' });
    expect(exec.status).toBe(200);
    expect(exec.body.data.adminUser).toMatchObject({ role: 'executive' });
    const staff = await request(admin.url)
      .post('/api/admin/login')
      .send({ email: 'products@seed.test', password: 'seed-staff-password' });
    expect(staff.body.data.adminUser).toMatchObject({
      role: 'staff',
      permissions: { products: true },
    });
    const audit = await request(admin.url)
      .get('/api/admin/audit')
      .query({ action: 'admin.sign-in' })
      .set({ Authorization: `Bearer ${exec.body.data.adminToken}` });
    expect(audit.body.data.totalCount).toBe(2);
  } finally {
    await admin.stop();
  }
});
