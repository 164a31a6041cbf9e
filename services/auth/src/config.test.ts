import { loadAuthConfig } from './config';

describe('auth configuration', () => {
  it('treats an empty Google client id as not configured', () => {
    expect(loadAuthConfig({ GOOGLE_CLIENT_ID: '' }).GOOGLE_CLIENT_ID).toBeUndefined();
    expect(loadAuthConfig({ GOOGLE_CLIENT_ID: 'abc' }).GOOGLE_CLIENT_ID).toBe('abc');
  });

  it('has the documented defaults', () => {
    const c = loadAuthConfig({});
    expect(c).toMatchObject({
      ACCESS_TOKEN_TTL_SECONDS: 900,
      OTP_TTL_SECONDS: 600,
      OTP_MAX_ATTEMPTS: 5,
      PASSWORD_RESET_TTL_SECONDS: 1800,
      SIGN_IN_FAILURES_BEFORE_DELAY: 5,
      SIGN_IN_DELAY_MAX_SECONDS: 300,
      SIGN_IN_CONSECUTIVE_FAILURES: 10,
      SIGN_IN_FAILURES_PER_ADDRESS_PER_DAY: 100,
      SIGN_IN_LINK_TTL_SECONDS: 900,
      EMAIL_REQUESTS_PER_WINDOW: 5,
      EMAIL_REQUEST_WINDOW_SECONDS: 900,
      JWT_ISSUER: 'swapbooth-auth',
      JWT_AUDIENCE: 'swapbooth-api',
    });
    expect(c.COOKIE_SECURE).toBeUndefined();
  });

  it('refuses to start in production with the local app address in its links', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(
      /APP_URL: must be set in production/,
    );
    expect(
      loadAuthConfig({ NODE_ENV: 'production', APP_URL: 'https://swapbooth.example.com' }).APP_URL,
    ).toBe('https://swapbooth.example.com');
  });

  it('names a bad setting', () => {
    expect(() => loadAuthConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });
});
