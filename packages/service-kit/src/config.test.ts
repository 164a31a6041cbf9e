import { baseConfigSchema, ConfigError, loadConfig } from './config';

/** Loads the base settings from exactly these variables; the error's text when they are refused. */
const load = (env: Record<string, string>) => loadConfig(baseConfigSchema, env);
const refusal = (env: Record<string, string>): string => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

const scram = {
  KAFKA_SSL: 'true',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'exchange',
};

describe('the Kafka connection settings', () => {
  it('default to a plaintext connection without authentication', () => {
    const c = load({});
    expect(c.KAFKA_SSL).toBe(false);
    expect(c.KAFKA_SSL_CA_FILE).toBeUndefined();
    expect(c.KAFKA_SASL_MECHANISM).toBeUndefined();
    expect(c.KAFKA_SASL_USERNAME).toBeUndefined();
  });

  it('treat empty values, as manifests and env files leave them, as unset', () => {
    const c = load({
      KAFKA_SSL_CA_FILE: '',
      KAFKA_SASL_MECHANISM: '',
      KAFKA_SASL_USERNAME: '',
      KAFKA_SASL_PASSWORD: '',
      KAFKA_SASL_PASSWORD_FILE: '',
    });
    expect([c.KAFKA_SSL, c.KAFKA_SSL_CA_FILE, c.KAFKA_SASL_MECHANISM]).toEqual([
      false,
      undefined,
      undefined,
    ]);
  });

  it('accept TLS alone, with or without a CA file', () => {
    expect(load({ KAFKA_SSL: 'true' }).KAFKA_SSL).toBe(true);
    expect(load({ KAFKA_SSL: '1' }).KAFKA_SSL).toBe(true);
    expect(load({ KAFKA_SSL: 'false' }).KAFKA_SSL).toBe(false);
    expect(load({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: '/ca/ca.crt' }).KAFKA_SSL_CA_FILE).toBe(
      '/ca/ca.crt',
    );
  });

  it('accept every SASL mechanism with a user name and a password or a password file', () => {
    for (const mechanism of ['plain', 'scram-sha-256', 'scram-sha-512'] as const) {
      const c = load({ ...scram, KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_PASSWORD: 's3cret' });
      expect([c.KAFKA_SASL_MECHANISM, c.KAFKA_SASL_USERNAME, c.KAFKA_SASL_PASSWORD]).toEqual([
        mechanism,
        'exchange',
        's3cret',
      ]);
    }
    const fromFile = load({ ...scram, KAFKA_SASL_PASSWORD_FILE: '/run/kafka/password' });
    expect(fromFile.KAFKA_SASL_PASSWORD_FILE).toBe('/run/kafka/password');
    // SCRAM never sends the password itself, so it may run without TLS.
    expect(
      load({ ...scram, KAFKA_SSL: 'false', KAFKA_SASL_PASSWORD: 'x' }).KAFKA_SASL_MECHANISM,
    ).toBe('scram-sha-512');
  });

  it('refuse a TLS switch that is not true or false', () => {
    expect(refusal({ KAFKA_SSL: 'yes' })).toMatch(/KAFKA_SSL: must be true or false/);
  });

  it('refuse an unknown SASL mechanism', () => {
    expect(refusal({ ...scram, KAFKA_SASL_MECHANISM: 'gssapi', KAFKA_SASL_PASSWORD: 'x' })).toMatch(
      /KAFKA_SASL_MECHANISM: must be plain, scram-sha-256 or scram-sha-512/,
    );
  });

  it('refuse a CA file without TLS', () => {
    expect(refusal({ KAFKA_SSL_CA_FILE: '/ca/ca.crt' })).toMatch(
      /KAFKA_SSL_CA_FILE: is set but KAFKA_SSL is not true/,
    );
    expect(refusal({ KAFKA_SSL: 'false', KAFKA_SSL_CA_FILE: '/ca/ca.crt' })).toMatch(
      /KAFKA_SSL_CA_FILE/,
    );
  });

  it('refuse credentials without a mechanism, naming the ones given', () => {
    expect(refusal({ KAFKA_SASL_USERNAME: 'exchange' })).toMatch(
      /KAFKA_SASL_MECHANISM: must be set \(plain, scram-sha-256 or scram-sha-512\) when KAFKA_SASL_USERNAME is set/,
    );
    expect(refusal({ KAFKA_SASL_USERNAME: 'exchange', KAFKA_SASL_PASSWORD_FILE: '/p' })).toMatch(
      /KAFKA_SASL_MECHANISM: .* when KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD_FILE are set/,
    );
    expect(refusal({ KAFKA_SASL_PASSWORD: 'x' })).toMatch(
      /KAFKA_SASL_MECHANISM: .* when KAFKA_SASL_PASSWORD is set/,
    );
  });

  it('refuse a mechanism without a user name', () => {
    expect(
      refusal({
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_PASSWORD: 'x',
      }),
    ).toMatch(/KAFKA_SASL_USERNAME: is required when KAFKA_SASL_MECHANISM is set/);
  });

  it('refuse a mechanism without a password', () => {
    expect(refusal(scram)).toMatch(
      /KAFKA_SASL_PASSWORD: is required when KAFKA_SASL_MECHANISM is set \(or KAFKA_SASL_PASSWORD_FILE\)/,
    );
  });

  it('refuse a password given both directly and as a file', () => {
    expect(refusal({ ...scram, KAFKA_SASL_PASSWORD: 'x', KAFKA_SASL_PASSWORD_FILE: '/p' })).toMatch(
      /KAFKA_SASL_PASSWORD_FILE: set either KAFKA_SASL_PASSWORD or KAFKA_SASL_PASSWORD_FILE, not both/,
    );
  });

  it('refuse plain authentication without TLS, which would send the password in clear', () => {
    expect(
      refusal({
        KAFKA_SASL_MECHANISM: 'plain',
        KAFKA_SASL_USERNAME: 'exchange',
        KAFKA_SASL_PASSWORD: 'x',
      }),
    ).toMatch(
      /KAFKA_SASL_MECHANISM: plain sends the password unencrypted, so it needs KAFKA_SSL=true/,
    );
  });

  it('report every problem at once, one line each', () => {
    const message = refusal({ KAFKA_SSL_CA_FILE: '/ca.crt', KAFKA_SASL_MECHANISM: 'plain' });
    expect(
      message
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(':')[0]),
    ).toEqual([
      'KAFKA_SSL_CA_FILE',
      'KAFKA_SASL_USERNAME',
      'KAFKA_SASL_PASSWORD',
      'KAFKA_SASL_MECHANISM',
    ]);
  });

  it('apply to the services, whose schemas extend the base one', () => {
    const service = baseConfigSchema.extend({});
    expect(() => loadConfig(service, { KAFKA_SASL_USERNAME: 'exchange' })).toThrow(
      /KAFKA_SASL_MECHANISM/,
    );
  });
});
