import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect, createServer, type Server, type TLSSocket } from 'node:tls';
import { baseConfigSchema, ConfigError, createLogger, loadConfig } from '@swapbooth/service-kit';
import { busConfigOf, createKafka } from '../src';

/**
 * The TLS and SASL settings reach kafkajs: the CA and password files are read at start (a missing
 * one fails naming its setting), and a client built from KAFKA_SSL + KAFKA_SSL_CA_FILE talks to a
 * broker through TLS with a certificate of that CA. The broker here is the local plaintext one
 * behind a TLS-terminating proxy on 127.0.0.1, with a CA and certificate made for this test.
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
  const read = (name: string) =>
    spawnSync('cat', [path.join(dir, name)], { encoding: 'utf8' }).stdout;
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

describe('a client with KAFKA_SSL and KAFKA_SSL_CA_FILE', () => {
  let proxy: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  let handshakes = 0;
  /** Bytes the broker sent back through the TLS connections. */
  let answered = 0;

  beforeAll(async () => {
    const [host, brokerPort] = process.env.KAFKA_BROKERS!.split(',')[0]!.split(':');
    proxy = createServer({ key: certs.key, cert: certs.cert }, (tls: TLSSocket) => {
      handshakes += 1;
      const broker = netConnect(Number(brokerPort), host);
      sockets.add(tls).add(broker);
      broker.on('data', (chunk: Buffer) => (answered += chunk.length));
      tls.pipe(broker).pipe(tls);
      const close = () => {
        tls.destroy();
        broker.destroy();
      };
      tls.on('error', close).on('close', close);
      broker.on('error', close).on('close', close);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    port = (proxy.address() as { port: number }).port;
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it("talks to the broker over TLS, trusting the cluster's CA", async () => {
    const bus = { ...busFrom({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: caFile }) };
    bus.brokers = [`localhost:${port}`];
    const admin = createKafka(bus, logger).admin();
    // Connecting asks the broker its API versions and the cluster's metadata: both answered
    // through the TLS connection. (Later requests would go to the address the local broker
    // advertises, which is plaintext, so the test stops here.)
    await admin.connect();
    await admin.disconnect();
    expect(handshakes).toBeGreaterThanOrEqual(1);
    expect(answered).toBeGreaterThan(0);
  });

  it("refuses the broker's certificate without that CA, and so does the CA's client with TLS off", async () => {
    const attempt = (options: object) =>
      new Promise<string>((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port, servername: 'localhost', ...options });
        socket.once('secureConnect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (err) => resolve(err.message));
      });
    const withCa = busFrom({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: caFile }).ssl as object;
    expect(await attempt(withCa)).toBe('connected');
    // KAFKA_SSL=true alone trusts the system's CAs, which never signed this test's certificate.
    expect(await attempt({})).toMatch(/self[- ]signed|unable to verify|certificate/i);
  });
});
