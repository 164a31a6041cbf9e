import { acceptsToken, type AdminUser } from './admin-user';
import { areasBeyond } from './manage-admins';

const account = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 'a1',
  email: 'a1@example.test',
  passwordHash: 'x',
  role: 'staff',
  permissions: {},
  failedAttempts: 0,
  status: 'active',
  createdAt: new Date('2026-11-01T00:00:00Z'),
  version: 0,
  ...over,
});

describe('what an admin may grant', () => {
  it('names the areas beyond the granter’s own, a role granting them all', () => {
    const granter = { role: 'staff' as const, permissions: { products: true, reports: true } };
    expect(areasBeyond(granter, { role: 'staff', permissions: { products: true } })).toEqual([]);
    expect(
      areasBeyond(granter, { role: 'staff', permissions: { products: true, users: true } }),
    ).toEqual(['users']);
    expect(areasBeyond(granter, { role: 'admin', permissions: {} })).toEqual([
      'dashboard',
      'users',
      'subscriptions',
      'audit',
      'disputes',
      'platform',
    ]);
    expect(
      areasBeyond({ role: 'executive', permissions: {} }, { role: 'admin', permissions: {} }),
    ).toEqual([]);
  });
});

describe('which tokens an account accepts', () => {
  const ended = new Date('2026-11-27T10:00:00.500Z');
  const at = Math.floor(ended.getTime() / 1000);

  it('refuses tokens issued up to the second its sessions ended, and any token once disabled', () => {
    expect(acceptsToken(account(), at)).toBe(true);
    expect(acceptsToken(account({ sessionsValidAfter: ended }), at)).toBe(false);
    expect(acceptsToken(account({ sessionsValidAfter: ended }), at + 1)).toBe(true);
    expect(acceptsToken(account({ status: 'disabled' }), at + 100)).toBe(false);
  });
});
