import { loadGatewayConfig } from './config';

describe('gateway settings', () => {
  it('allows the Vite dev origin by default for local development', () => {
    expect(loadGatewayConfig({}).CORS_ORIGIN).toBe('http://localhost:5173');
  });

  it('refuses to start in production with the development CORS origin', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(
      /CORS_ORIGIN: must be set in production/,
    );
    expect(
      loadGatewayConfig({ NODE_ENV: 'production', CORS_ORIGIN: 'https://swapbooth.example.com' })
        .CORS_ORIGIN,
    ).toBe('https://swapbooth.example.com');
  });

  it('believes no X-Forwarded-For by default, and the configured hops when told', () => {
    expect(loadGatewayConfig({}).TRUST_PROXY).toBe(0);
    expect(loadGatewayConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });
});
