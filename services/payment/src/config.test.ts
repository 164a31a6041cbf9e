import { loadPaymentConfig } from './config';

describe('which payment provider runs', () => {
  it('refuses to start in production without a Stripe key', () => {
    expect(() => loadPaymentConfig({ NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY: required in production/,
    );
    expect(() => loadPaymentConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: ' ' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('never runs the sandbox in production, even when asked to', () => {
    expect(() => loadPaymentConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' })).toThrow(
      /PAYMENT_SANDBOX: the payment sandbox is for local use only/,
    );
  });

  it('runs the sandbox only when it is asked for explicitly', () => {
    expect(() => loadPaymentConfig({ NODE_ENV: 'development' })).toThrow(
      /STRIPE_SECRET_KEY: required unless PAYMENT_SANDBOX=true/,
    );
    expect(loadPaymentConfig({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'true' })).toMatchObject({
      PAYMENT_SANDBOX: true,
    });
    expect(() => loadPaymentConfig({ PAYMENT_SANDBOX: 'yes please' })).toThrow(/PAYMENT_SANDBOX/);
  });

  it('runs Stripe whenever a key is set', () => {
    const c = loadPaymentConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://swapbooth.example.com',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(c.STRIPE_SECRET_KEY).toBe('sk_test_123');
    expect(c.PAYMENT_SANDBOX).toBe(false);
  });

  it('refuses to start in production with the local app address Checkout returns to', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(() => loadPaymentConfig({ NODE_ENV: 'production', ...stripe })).toThrow(
      /APP_URL: must be set in production/,
    );
  });
});
