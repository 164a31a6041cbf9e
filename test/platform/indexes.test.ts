import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection, Model } from 'mongoose';
import { Kafka, logLevel } from 'kafkajs';
import type { RunningService } from '@swapbooth/runtime';
import { loadAuthConfig } from '../../services/auth/src/config';
import { startAuthService } from '../../services/auth/src/service';
import { loadCatalogConfig } from '../../services/catalog/src/config';
import { startCatalogService } from '../../services/catalog/src/service';
import { loadSearchConfig } from '../../services/search/src/config';
import { startSearchService } from '../../services/search/src/service';
import { loadExchangeConfig } from '../../services/exchange/src/config';
import { startExchangeService } from '../../services/exchange/src/service';
import { loadChatConfig } from '../../services/chat/src/config';
import { startChatService } from '../../services/chat/src/service';
import { loadNotificationConfig } from '../../services/notification/src/config';
import { startNotificationService } from '../../services/notification/src/service';
import { loadPaymentConfig } from '../../services/payment/src/config';
import { startPaymentService } from '../../services/payment/src/service';
import { loadAdminConfig } from '../../services/admin/src/config';
import { startAdminService } from '../../services/admin/src/service';

/**
 * Every collection of every service holds exactly the indexes its mongoose schemas declare: each
 * service is started on databases of its own, then its collections' indexes (listIndexes) are
 * compared with `schema.indexes()` of every model it registered, by keys, unique and sparse.
 * A collection no model owns (pending outbox records) has its `_id` index only.
 */
jest.setTimeout(240_000);

type AnyService = RunningService<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const running: AnyService[] = [];
const tag = randomBytes(3).toString('hex');
const env = {
  ...process.env,
  MONGO_DB_PREFIX: `${process.env.MONGO_DB_PREFIX ?? 'test_'}idx${tag}_`,
  KAFKA_TOPIC_PREFIX: `${process.env.KAFKA_TOPIC_PREFIX ?? 'test.'}idx${tag}.`,
  REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX ?? 'test:'}idx${tag}:`,
  KAFKA_PARTITIONS: '1',
  // Indexes do not depend on where images are kept: catalog keeps them on disk here.
  S3_ENDPOINT: undefined,
  LOCAL_IMAGE_DIR: join(tmpdir(), `swapbooth-indexes-${tag}`),
  LOG_LEVEL: 'silent',
};

/**
 * Starts a service, again when the broker is not ready to describe topics it has just created
 * (kafkajs says "does not host this topic-partition" while a busy broker catches up).
 */
async function started(start: () => Promise<AnyService>): Promise<AnyService> {
  for (let i = 1; ; i++) {
    try {
      return await start();
    } catch (err) {
      if (i >= 3 || (err as Error).name !== 'KafkaJSProtocolError') throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

beforeAll(async () => {
  const opts = { port: 0 };
  running.push(
    await started(() => startAuthService(loadAuthConfig(env), opts)),
    await started(() => startCatalogService(loadCatalogConfig(env), opts)),
    await started(() => startSearchService(loadSearchConfig(env), opts)),
    await started(() => startExchangeService(loadExchangeConfig(env), opts)),
    await started(() => startChatService(loadChatConfig(env), opts)),
    await started(() => startNotificationService(loadNotificationConfig(env), opts)),
    await started(() => startPaymentService(loadPaymentConfig(env), opts)),
    await started(() => startAdminService(loadAdminConfig(env), opts)),
  );
});

afterAll(async () => {
  for (const s of running) {
    const db = s.ctx.conn.db;
    await s.stop();
    await db?.dropDatabase().catch(() => undefined);
  }
  const admin = new Kafka({
    brokers: loadAuthConfig(env).KAFKA_BROKERS,
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(env.KAFKA_TOPIC_PREFIX));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
});

/** `{"a":1,"b":-1} unique sparse`: an index's keys in order, and the options that change it. */
const signature = (key: object, opts: { unique?: unknown; sparse?: unknown }) =>
  `${JSON.stringify(key)}${opts.unique === true ? ' unique' : ''}${opts.sparse === true ? ' sparse' : ''}`;

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** What the service's models declare, per collection (the `_id` index is every collection's). */
function declared(conn: Connection): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const model of Object.values(conn.models) as AnyModel[]) {
    const name = model.collection.collectionName;
    const shapes = model.schema.indexes().map(([key, opts]) => signature(key, opts));
    out[name] = sorted([...(out[name] ?? []), ...shapes]);
  }
  return out;
}

/** What the database holds, per collection, without the `_id` index. */
async function listed(conn: Connection): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const collections = await conn.db!.listCollections({}, { nameOnly: true }).toArray();
  for (const { name } of collections) {
    const indexes = await conn.db!.collection(name).listIndexes().toArray();
    out[name] = sorted(
      indexes.filter((i) => i.name !== '_id_').map((i) => signature(i.key as object, i)),
    );
  }
  return out;
}

it('starts every service with exactly the indexes its schemas declare', async () => {
  const actual: Record<string, Record<string, string[]>> = {};
  const expected: Record<string, Record<string, string[]>> = {};
  for (const s of running) {
    const want = declared(s.ctx.conn);
    const have = await listed(s.ctx.conn);
    expected[s.ctx.name] = {};
    actual[s.ctx.name] = have;
    // A declared collection not created yet must declare nothing beyond `_id`.
    for (const name of new Set([...Object.keys(want), ...Object.keys(have)])) {
      expected[s.ctx.name]![name] = want[name] ?? [];
      if (!(name in have)) actual[s.ctx.name]![name] = [];
    }
  }
  expect(Object.keys(actual).sort()).toEqual(
    ['admin', 'auth', 'catalog', 'chat', 'exchange', 'notification', 'payment', 'search'].sort(),
  );
  expect(actual).toEqual(expected);
  // The comparison is not empty: the services do declare indexes beyond `_id`.
  expect(actual.catalog!.products!.length).toBeGreaterThan(0);
});

it('drops an index no schema declares any more, and rebuilds a changed one, at start', async () => {
  const catalog = running.find((s) => s.ctx.name === 'catalog')!;
  const products = catalog.ctx.conn.db!.collection('products');
  await products.createIndex({ title: 1 }, { name: 'title_1' });
  // The declared slug index, as an older version might have left it: not unique.
  await products.dropIndex('slug_1');
  await products.createIndex({ slug: 1 }, { name: 'slug_1' });
  const again = await started(() => startCatalogService(loadCatalogConfig(env), { port: 0 }));
  try {
    const indexes = await products.listIndexes().toArray();
    expect(indexes.map((i) => i.name)).not.toContain('title_1');
    expect(indexes.find((i) => i.name === 'slug_1')?.unique).toBe(true);
  } finally {
    await again.stop();
  }
});
