import { execFileSync } from 'node:child_process';

/** True when a Docker engine answers (not just a docker client on the PATH). */
export function dockerEngineAvailable(): boolean {
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
      stdio: 'pipe',
      timeout: 5000,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the servers in containers (used when a Docker engine is available and
 * SWAPBOOTH_TESTCONTAINERS=1); returns connection settings like `infra.sh env`.
 */
export async function startContainers(): Promise<{
  env: Record<string, string>;
  stop: () => Promise<void>;
}> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const started = await Promise.all([
    new GenericContainer('mongo:7')
      .withCommand(['--replSet', 'rs0'])
      .withExposedPorts(27017)
      .start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
    new GenericContainer('apache/kafka:3.9.1')
      .withExposedPorts(9092)
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start(),
    new GenericContainer('stripe/stripe-mock:v0.197.0').withExposedPorts(12111).start(),
    new GenericContainer('maildev/maildev:2.2.1').withExposedPorts(1025, 1080).start(),
    new GenericContainer('minio/minio:latest')
      .withCommand(['server', '/data'])
      .withEnvironment({
        MINIO_ROOT_USER: 'swapbooth',
        MINIO_ROOT_PASSWORD: 'swapbooth-local-secret',
      })
      .withExposedPorts(9000)
      .start(),
  ]);
  const [mongo, redis, kafka, stripe, mail, minio] = started;
  const hp = (c: (typeof started)[number] | undefined, p: number) =>
    `${c!.getHost()}:${c!.getMappedPort(p)}`;
  await mongo!.exec(['mongosh', '--quiet', '--eval', 'rs.initiate()']);
  return {
    env: {
      MONGO_URL: `mongodb://${hp(mongo, 27017)}/?directConnection=true`,
      REDIS_URL: `redis://${hp(redis, 6379)}`,
      KAFKA_BROKERS: hp(kafka, 9092),
      STRIPE_API_BASE: `http://${hp(stripe, 12111)}`,
      SMTP_URL: `smtp://${hp(mail, 1025)}`,
      MAILDEV_URL: `http://${hp(mail, 1080)}`,
      S3_ENDPOINT: `http://${hp(minio, 9000)}`,
      S3_ACCESS_KEY_ID: 'swapbooth',
      S3_SECRET_ACCESS_KEY: 'swapbooth-local-secret',
    },
    stop: async () => {
      await Promise.all(started.map((c) => c.stop()));
    },
  };
}
