import { accessFor, isSensitive } from './access-rules';

describe('which calls need no token', () => {
  it.each([
    ['GET', '/api/images/files/products/u1/a/b.jpg'],
    ['GET', '/api/stripe/sandbox/checkout/cs_sbx1'],
    ['POST', '/api/stripe/sandbox/checkout/cs_sbx1/pay'],
    ['POST', '/api/stripe/sandbox/identity/vs_sbx1/verify'],
    ['POST', '/api/stripe/webhook'],
    ['GET', '/api/stripe/plans'],
    ['GET', '/api/user-stripe-data/u1'],
  ])('lets %s %s through as public', (method, path) => {
    expect(accessFor(method, path)).toBe('public');
  });

  it.each([
    ['GET', '/api/stripe/sandboxes'],
    ['GET', '/api/stripe/subscriptions/cus_1'],
    ['POST', '/api/stripe/create-checkout-session'],
    ['POST', '/api/stripe/subscriptions/cancel'],
    ['GET', '/api/stripe/verify-session-status/vs_1'],
    ['POST', '/api/user-stripe-data/u1'],
    ['GET', '/api/user-stripe-data/u1/more'],
    ['GET', '/api/images/filesx/a.jpg'],
    // A member's own rating while hidden, and the answer to a rating of them; a member's ratings
    // are public, a proposal's are its parties'.
    ['PUT', '/api/rating/p1:u1'],
    ['POST', '/api/rating/p1:u1/answer'],
    ['GET', '/api/rating/proposal/p1'],
  ])('asks a member token for %s %s', (method, path) => {
    expect(accessFor(method, path)).toBe('member');
  });
});

describe('admin calls', () => {
  it('lets only the sign-in, health and reset-link calls through without an admin token', () => {
    expect(accessFor('POST', '/api/admin/login')).toBe('public');
    expect(accessFor('POST', '/api/admin/password-reset')).toBe('public');
    expect(accessFor('GET', '/api/admin/admins')).toBe('admin');
    expect(accessFor('POST', '/api/admin/admins/a1/password-reset')).toBe('admin');
    expect(accessFor('PATCH', '/api/admin/admins/a1/status')).toBe('admin');
    // The Platform page's figures: an admin token (the admin service then asks for its area).
    expect(accessFor('GET', '/api/admin/platform')).toBe('admin');
  });

  it('counts a reset-link redemption under the stricter limit, not the executive’s request', () => {
    expect(isSensitive('/api/admin/password-reset')).toBe(true);
    expect(isSensitive('/api/admin/admins/a1/password-reset')).toBe(false);
  });
});
