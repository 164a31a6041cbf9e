import { loadAdminConfig } from './config';

const demoAdmin = 'executive@demo.swapbooth.test|swapbooth-admin-demo|executive|';

describe('admin settings', () => {
  it('creates the seed accounts outside production', () => {
    expect(loadAdminConfig({ ADMIN_SEED_ACCOUNTS: demoAdmin }).ADMIN_SEED_ACCOUNTS).toBe(demoAdmin);
  });

  it('refuses to start in production with seed accounts, whose passwords are written down', () => {
    expect(() =>
      loadAdminConfig({ NODE_ENV: 'production', ADMIN_SEED_ACCOUNTS: demoAdmin }),
    ).toThrow(/ADMIN_SEED_ACCOUNTS: must not be set in production/);
    expect(loadAdminConfig({ NODE_ENV: 'production' }).ADMIN_SEED_ACCOUNTS).toBeUndefined();
  });
});
