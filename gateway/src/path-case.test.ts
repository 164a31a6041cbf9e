import { accessFor, isSensitive } from './access-rules';
import { resolveService } from './route-table';

/**
 * The services' routers (Express) match paths whatever their letter case, so every decision the
 * gateway takes by path must too: otherwise `/api/auth/LOGIN` reaches sign-in past its limit.
 */
describe('paths in another letter case', () => {
  it.each(['/api/auth/LOGIN', '/API/AUTH/LOGIN', '/api/Auth/Reset-Password', '/api/ADMIN/login'])(
    'count %s as a sign-in call',
    (path) => {
      expect(isSensitive(path)).toBe(true);
    },
  );

  it.each(['/api/admin/password-reset/', '/api/auth/login/', '/api/auth/reset-password/'])(
    'count %s, with its trailing slash, as a sign-in call',
    (path) => {
      expect(isSensitive(path)).toBe(true);
    },
  );

  it('leave calls beside sign-in under the general limit', () => {
    expect(isSensitive('/api/admin/admins/a1/password-reset')).toBe(false);
    expect(isSensitive('/api/admin/users')).toBe(false);
  });

  it('reach the service the lower-case path reaches', () => {
    expect(resolveService('/API/AUTH/LOGIN')).toBe('auth');
    expect(resolveService('/api/Admin/users?page=1')).toBe('admin');
    expect(resolveService('/api/Profile/User/u1/Products')).toBe('catalog');
  });

  it('need the token the lower-case path needs', () => {
    expect(accessFor('POST', '/api/AUTH/login')).toBe('public');
    expect(accessFor('GET', '/api/ADMIN/users')).toBe('admin');
    expect(accessFor('GET', '/Api/Admin')).toBe('admin');
    expect(accessFor('POST', '/api/Exchange/proposal')).toBe('member');
  });
});
