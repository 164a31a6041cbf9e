import mongoose, { type Connection, type mongo } from 'mongoose';
import { Redis } from 'ioredis';
import type { Logger } from './logger';
import { letMongoPoolsIdle } from './mongo-idle';

// Every pool of this process's clients sleeps while idle (see mongo-idle).
letMongoPoolsIdle();

/**
 * The driver settings of every service's connection. A server that stops answering is noticed by
 * the driver's monitor within a heartbeat (5 s) plus a connect timeout (10 s), rather than the
 * driver's 10 s + 30 s; callers meanwhile get a 503 after at most 5 s of server selection.
 */
export const MONGO_CLIENT_OPTIONS: mongo.MongoClientOptions = {
  serverSelectionTimeoutMS: 5000,
  heartbeatFrequencyMS: 5000,
  connectTimeoutMS: 10_000,
};

/**
 * Opens this service's own database (one database per service) with the driver's ordinary
 * connection pool. Each model builds its declared indexes as it is registered, unless
 * `autoIndex: false`: the service runtime builds them itself at start (`syncDeclaredIndexes`),
 * dropping the ones no schema declares any more.
 */
export async function connectMongo(
  url: string,
  dbName: string,
  logger: Logger,
  opts: { autoIndex?: boolean } = {},
): Promise<Connection> {
  const conn = mongoose.createConnection(url, {
    ...MONGO_CLIENT_OPTIONS,
    dbName,
    autoIndex: opts.autoIndex ?? true,
    autoCreate: true,
  });
  // close() announces itself with 'disconnecting'; a disconnect without it is the one worth a warning.
  let closing = false;
  conn.on('disconnecting', () => (closing = true));
  conn.on('disconnected', () => {
    if (!closing) logger.warn({ dbName }, 'mongo disconnected');
  });
  conn.on('reconnected', () => logger.info({ dbName }, 'mongo reconnected'));
  await conn.asPromise();
  return conn;
}

/** Pings the database; used by /readyz. */
export async function pingMongo(conn: Connection): Promise<void> {
  if (!conn.db) throw new Error('not connected');
  await conn.db.admin().command({ ping: 1 }, { timeoutMS: 1500 } as object);
}

export function createRedis(url: string, keyPrefix: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let lastError = '';
  redis.on('error', (err) => {
    if (err.message !== lastError) logger.warn({ err: err.message }, 'redis error');
    lastError = err.message;
  });
  redis.on('ready', () => (lastError = ''));
  return redis;
}

export async function pingRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
  await redis.ping();
}

/** Rejects after ms; keeps a slow dependency from hanging a health check. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(t)),
    new Promise<T>((_, reject) => {
      t = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}
