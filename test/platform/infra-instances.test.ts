import { spawnSync } from 'node:child_process';
import path from 'node:path';

const script = path.resolve(__dirname, '../../infra/local/infra.sh');
const infra = (env: Record<string, string>, ...args: string[]) =>
  spawnSync('bash', [script, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

describe('infra.sh instances', () => {
  it('gives the faults instance every port shifted by 100, ignoring the shared servers configured', () => {
    const out = infra(
      { SWAPBOOTH_INFRA_INSTANCE: 'faults', MONGO_URL: 'mongodb://127.0.0.1:27017/' },
      'env',
    );
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('export MONGO_URL=mongodb://127.0.0.1:27117/\n');
    expect(out.stdout).toContain('export KAFKA_BROKERS=127.0.0.1:9192');
    expect(out.stdout).toContain('export REDIS_URL=redis://127.0.0.1:6479');
    expect(out.stdout).toContain('export STRIPE_API_BASE=http://127.0.0.1:12211');
    expect(out.stdout).toContain('export S3_ENDPOINT=http://127.0.0.1:9100');
    expect(out.stdout).toContain('export SMTP_URL=smtp://127.0.0.1:1125');
    expect(out.stdout).toContain('export MAILDEV_URL=http://127.0.0.1:1180');
  });

  it('takes the offset it is given for another instance, and refuses one without an offset', () => {
    const given = infra(
      { SWAPBOOTH_INFRA_INSTANCE: 'other', SWAPBOOTH_INFRA_PORT_OFFSET: '300' },
      'env',
    );
    expect(given.status).toBe(0);
    expect(given.stdout).toContain('export KAFKA_BROKERS=127.0.0.1:9392');
    const missing = infra(
      { SWAPBOOTH_INFRA_INSTANCE: 'other', SWAPBOOTH_INFRA_PORT_OFFSET: '' },
      'env',
    );
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("instance 'other' needs SWAPBOOTH_INFRA_PORT_OFFSET");
  });

  it('refuses to start a server it does not know, before starting anything', () => {
    const out = infra(
      { SWAPBOOTH_INFRA_INSTANCE: 'other', SWAPBOOTH_INFRA_PORT_OFFSET: '300' },
      'up',
      'postgres',
    );
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain("unknown server 'postgres'");
  });
});
