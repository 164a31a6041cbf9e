import { loadNotificationConfig } from './config';

describe('notification settings', () => {
  it('refuses to start in production with the local app address in its links', () => {
    expect(loadNotificationConfig({}).APP_URL).toBe('http://localhost:8080');
    expect(() => loadNotificationConfig({ NODE_ENV: 'production' })).toThrow(
      /APP_URL: must be set in production/,
    );
    expect(
      loadNotificationConfig({ NODE_ENV: 'production', APP_URL: 'https://swapbooth.example.com' })
        .APP_URL,
    ).toBe('https://swapbooth.example.com');
  });
});
