import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { baseConfigSchema, ConfigError, createLogger, loadConfig } from '@swapbooth/service-kit';
import { disposableKafka, eventually, freePort, type DisposableServer } from '@swapbooth/test-kit';
import { busConfigOf, createKafka, ensureTopics } from '../src';

/**
 * The TLS and SASL settings reach kafkajs: the CA and password files are read at start (a missing
 * one fails naming its setting), and a client built from them signs in to a real broker whose
 * listener wants TLS with a certificate of that CA and SASL (SCRAM or PLAIN), as Strimzi's does in
 * production. The CA and certificate are made for this test with openssl.
 */

const logger = createLogger('event-bus-test', process.env.TEST_LOG_LEVEL ?? 'silent');
let dir: string;
let caFile: string;
let certs: { ca: string; key: string; cert: string };

const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};
const openssl = (...args: string[]) => {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${run.stderr}`);
};
/** The bus settings services get from these variables (and the local broker's address). */
const busFrom = (env: Record<string, string>) =>
  busConfigOf(
    loadConfig(baseConfigSchema, { KAFKA_BROKERS: process.env.KAFKA_BROKERS!, ...env }),
    'security-test',
  );

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'swapbooth-kafka-tls-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '1',
    '-subj',
    '/CN=swapbooth-test-ca',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'broker.key',
    '-out',
    'broker.csr',
    '-subj',
    '/CN=localhost',
  );
  file('ext.cnf', 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'broker.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'broker.crt',
    '-days',
    '1',
    '-extfile',
    'ext.cnf',
  );
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  certs = { ca: read('ca.crt'), key: read('broker.key'), cert: read('broker.crt') };
  caFile = path.join(dir, 'ca.crt');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Kafka client settings', () => {
  it('leave the client plaintext and unauthenticated when none is set, as the local stack runs', () => {
    const bus = busFrom({});
    expect(bus.ssl).toBeUndefined();
    expect(bus.sasl).toBeUndefined();
  });

  it('give kafkajs TLS with the CA of KAFKA_SSL_CA_FILE and SCRAM credentials from a password file', () => {
    const passwordFile = file('password', 'p4ss-from-the-secret\n');
    const bus = busFrom({
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: caFile,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'exchange',
      KAFKA_SASL_PASSWORD_FILE: passwordFile,
    });
    expect(bus.ssl).toEqual({ ca: [certs.ca] });
    expect(bus.sasl).toEqual({
      mechanism: 'scram-sha-512',
      username: 'exchange',
      password: 'p4ss-from-the-secret',
    });
    expect(busFrom({ KAFKA_SSL: 'true' }).ssl).toBe(true);
    expect(
      busFrom({
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'plain',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'p',
      }).sasl,
    ).toEqual({ mechanism: 'plain', username: 'u', password: 'p' });
  });

  it('fail at start naming the setting whose file is missing, empty or not a certificate', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        busFrom(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: path.join(dir, 'none.crt') })).toMatch(
      /^KAFKA_SSL_CA_FILE: cannot read .*none\.crt/,
    );
    expect(
      refusal({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: file('not-a-cert.pem', 'hello\n') }),
    ).toMatch(/^KAFKA_SSL_CA_FILE: .*not-a-cert\.pem holds no PEM certificate/);
    const sasl = { KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'exchange' };
    expect(refusal({ ...sasl, KAFKA_SASL_PASSWORD_FILE: path.join(dir, 'nothing') })).toMatch(
      /^KAFKA_SASL_PASSWORD_FILE: cannot read/,
    );
    expect(refusal({ ...sasl, KAFKA_SASL_PASSWORD_FILE: file('empty', '\n') })).toMatch(
      /^KAFKA_SASL_PASSWORD_FILE: .*empty is empty/,
    );
  });
});

describe('a service client against a broker that wants TLS and SASL', () => {
  /**
   * A private single-node Kafka 3.9.1 (the jars infra/local/infra.sh fetches) whose client
   * listener is SASL_SSL with this test's certificate, SCRAM-SHA-512/256 credentials created at
   * format time and a PLAIN user; its brokers talk among themselves on a plaintext listener.
   */
  let broker: DisposableServer | undefined;
  let address = '';
  const scramPassword = 'scram-secret-of-exchange';
  const plainPassword = 'plain-secret-of-exchange';

  /** A bus client as a service builds it from its settings, pointed at the private broker. */
  const client = (env: Record<string, string>) => {
    const bus = busConfigOf(
      loadConfig(baseConfigSchema, { KAFKA_BROKERS: address, ...env }),
      'security-test',
    );
    return { bus, kafka: createKafka(bus, logger) };
  };
  const secured = (mechanism: string, password: Record<string, string>) => ({
    KAFKA_SSL: 'true',
    KAFKA_SSL_CA_FILE: caFile,
    KAFKA_SASL_MECHANISM: mechanism,
    KAFKA_SASL_USERNAME: 'exchange',
    ...password,
  });

  beforeAll(async () => {
    file('broker.pem', certs.key + certs.cert);
    const internal = await freePort();
    broker = await disposableKafka({
      properties: ({ port, controller }) => ({
        listeners: `INTERNAL://127.0.0.1:${internal},SASL_SSL://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controller}`,
        'advertised.listeners': `INTERNAL://127.0.0.1:${internal},SASL_SSL://127.0.0.1:${port}`,
        'listener.security.protocol.map':
          'INTERNAL:PLAINTEXT,SASL_SSL:SASL_SSL,CONTROLLER:PLAINTEXT',
        'inter.broker.listener.name': 'INTERNAL',
        'sasl.enabled.mechanisms': 'SCRAM-SHA-512,SCRAM-SHA-256,PLAIN',
        'listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config':
          'org.apache.kafka.common.security.scram.ScramLoginModule required;',
        'listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config':
          'org.apache.kafka.common.security.scram.ScramLoginModule required;',
        'listener.name.sasl_ssl.plain.sasl.jaas.config': `org.apache.kafka.common.security.plain.PlainLoginModule required user_exchange="${plainPassword}";`,
        'ssl.keystore.type': 'PEM',
        'ssl.keystore.location': path.join(dir, 'broker.pem'),
      }),
      formatArgs: [
        '-S',
        `SCRAM-SHA-512=[name=exchange,password=${scramPassword}]`,
        '-S',
        `SCRAM-SHA-256=[name=exchange,password=${scramPassword}]`,
      ],
    });
    address = broker.url;
    await broker.start();
    // Ready once a client signs in and lists the topics.
    const probe = client(secured('scram-sha-512', { KAFKA_SASL_PASSWORD: scramPassword })).kafka;
    await eventually(
      async () => {
        const admin = probe.admin();
        await admin.connect();
        try {
          return Array.isArray(await admin.listTopics());
        } finally {
          await admin.disconnect();
        }
      },
      120_000,
      500,
    );
  }, 180_000);

  afterAll(async () => {
    await broker?.stop();
  }, 30_000);

  it.each([
    [
      'scram-sha-512',
      'a password file',
      () => ({ KAFKA_SASL_PASSWORD_FILE: file('pw', `${scramPassword}\n`) }),
    ],
    ['scram-sha-256', 'a password', () => ({ KAFKA_SASL_PASSWORD: scramPassword })],
    ['plain', 'a password', () => ({ KAFKA_SASL_PASSWORD: plainPassword })],
  ])(
    'signs in with %s and %s, creates its topics and publishes',
    async (mechanism, _how, password) => {
      const { bus, kafka } = client(secured(mechanism, password()));
      const topic = `security.${mechanism}`;
      await ensureTopics(kafka, bus, [topic]);
      const producer = kafka.producer();
      await producer.connect();
      await producer.send({ topic, messages: [{ value: 'hello' }] });
      await producer.disconnect();
      const admin = kafka.admin();
      await admin.connect();
      try {
        const offsets = await admin.fetchTopicOffsets(topic);
        expect(offsets.reduce((n, o) => n + Number(o.high), 0)).toBe(1);
      } finally {
        await admin.disconnect();
      }
    },
  );

  it('is refused with a wrong password', async () => {
    const admin = client(
      secured('scram-sha-512', { KAFKA_SASL_PASSWORD: 'not-the-password' }),
    ).kafka.admin();
    await expect(admin.connect()).rejects.toThrow(/SASL SCRAM SHA512 authentication failed/);
  });

  it("refuses the broker's certificate when the CA file is not given", async () => {
    const attempt = (options: object) =>
      new Promise<string>((resolve) => {
        const [host, port] = address.split(':');
        const socket = tlsConnect({
          host,
          port: Number(port),
          servername: 'localhost',
          ...options,
        });
        socket.once('secureConnect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (err) => resolve(err.message));
      });
    const env = { KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: caFile };
    expect(await attempt(client(env).bus.ssl as object)).toBe('connected');
    // KAFKA_SSL=true alone trusts the system's CAs, which never signed this test's certificate.
    expect(client({ KAFKA_SSL: 'true' }).bus.ssl).toBe(true);
    expect(await attempt({})).toMatch(/self[- ]signed|unable to verify|certificate/i);
  });
});
