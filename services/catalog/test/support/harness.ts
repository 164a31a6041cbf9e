import { Topics } from '@swapbooth/contracts';
import { randomBytes } from 'node:crypto';
import {
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { startServiceUnderTest, type Api, type Env } from '@swapbooth/test-kit';
import { loadCatalogConfig, type CatalogConfig } from '../../src/config';
import type { RunningService } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../src/deps';
import { startCatalogService } from '../../src/service';
import { AuthStub } from './auth-stub';

export { newMember, type TestMember as Member } from '@swapbooth/test-kit';

/** The topics catalog publishes on, for an EventTap of a test's catalog instance. */
export const catalogTopics = [Topics.product, Topics.booth, Topics.report];

export interface Harness {
  api: Api;
  auth: AuthStub;
  config: Readonly<CatalogConfig>;
  url: string;
  /** The Kafka topic prefix of this instance. */
  topicPrefix: string;
  /** The running service itself, for tests about its connections. */
  service: RunningService<CatalogConfig, CatalogDeps>;
  stop(): Promise<void>;
}

/**
 * Starts catalog in this process against the real servers, with its own database, topics and
 * bucket (so test files never share consumer groups), and the auth stand-in for address lookups.
 */
export async function startCatalog(env: Env = {}): Promise<Harness> {
  const auth = new AuthStub();
  await auth.start();
  const bucket = `${(process.env.SWAPBOOTH_TEST_RUN ?? 'test').toLowerCase()}-${randomBytes(3).toString('hex')}`;
  const sut = await startServiceUnderTest({
    name: 'catalog',
    loadConfig: loadCatalogConfig,
    start: startCatalogService,
    env: { S3_BUCKET: bucket, AUTH_URL: auth.url, ...env },
    onStop: async () => {
      await auth.stop();
      if (sut.config.S3_ENDPOINT) await dropBucket(sut.config);
    },
  }).catch(async (err: unknown) => {
    await auth.stop();
    throw err;
  });
  const { api, config, url, service } = sut;
  return {
    api,
    auth,
    config,
    url,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    service,
    stop: sut.stop,
  };
}

/** Empties and deletes the instance's bucket (best effort). */
async function dropBucket(config: Readonly<CatalogConfig>): Promise<void> {
  const s3 = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    },
  });
  const Bucket = config.S3_BUCKET;
  try {
    for (;;) {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket }));
      const keys = (listed.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length === 0) break;
      await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
    }
    await s3.send(new DeleteBucketCommand({ Bucket }));
  } catch {
    // best effort
  } finally {
    s3.destroy();
  }
}
