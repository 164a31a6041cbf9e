import { parseSeedAccounts } from './bootstrap';

describe('ADMIN_SEED_ACCOUNTS', () => {
  it('reads e-mail, password, role and areas of each entry', () => {
    expect(
      parseSeedAccounts(
        'exec@x.test|long-password-1|executive|; staff@x.test|long-password-2|staff|products,reports',
      ),
    ).toEqual([
      { email: 'exec@x.test', password: 'long-password-1', role: 'executive', permissions: '' },
      {
        email: 'staff@x.test',
        password: 'long-password-2',
        role: 'staff',
        permissions: 'products,reports',
      },
    ]);
  });

  it('is empty when unset', () => {
    expect(parseSeedAccounts(undefined)).toEqual([]);
    expect(parseSeedAccounts('')).toEqual([]);
  });

  it('refuses an unknown role, naming the entry', () => {
    expect(() => parseSeedAccounts('a@x.test|long-password-1|owner|')).toThrow(/a@x\.test/);
  });
});
