import mongoose, { type Connection, type mongo } from 'mongoose';
import type { Logger } from './logger';

export interface MongoWatchdogOptions {
  /** How often the service's own connection is pinged. */
  everyMs?: number;
  /** How long its pings must keep failing before a fresh client is asked. */
  stuckAfterMs?: number;
  /** Timeout of each ping, on the service's connection and on the fresh client. */
  pingTimeoutMs?: number;
  /** The driver options the connection was opened with, to open it again the same way. */
  clientOptions?: mongo.MongoClientOptions;
}

export interface MongoWatchdog {
  /** Times the connection was found stuck and opened again. */
  readonly reopened: number;
  /** Times a new client was asked whether the server answers (the connection failing long enough). */
  readonly freshClientsAsked: number;
  stop(): Promise<void>;
}

/**
 * Opens the service's database connection again when it is stuck: its pings have failed for
 * `stuckAfterMs` while a new client to the same URL is answered. The driver normally recovers by
 * itself once a server is back; this covers the case where it does not (a client whose view of the
 * server stays frozen after a restart, every call failing, while a new one gets through at once).
 * Calls made during the reopen fail as unreachable (a 503 to the caller), and the models carry on
 * with the new client.
 */
export function watchMongo(
  conn: Connection,
  url: string,
  logger: Logger,
  opts: MongoWatchdogOptions = {},
): MongoWatchdog {
  const everyMs = opts.everyMs ?? 5000;
  const stuckAfterMs = opts.stuckAfterMs ?? 20_000;
  const pingTimeoutMs = opts.pingTimeoutMs ?? 2000;
  const dbName = conn.name;
  let failingSince = 0;
  let reopened = 0;
  let freshClientsAsked = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const answers = async (ping: () => Promise<unknown>): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timed out')), pingTimeoutMs);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  const freshClientAnswers = async (): Promise<boolean> => {
    freshClientsAsked += 1;
    const client = new mongoose.mongo.MongoClient(url, {
      serverSelectionTimeoutMS: pingTimeoutMs,
      connectTimeoutMS: pingTimeoutMs,
      maxPoolSize: 1,
    });
    try {
      return await answers(() => client.db('admin').command({ ping: 1 }));
    } finally {
      await client.close(true).catch(() => undefined);
    }
  };

  const check = async (): Promise<void> => {
    // A connection being opened or closed by someone else is not ours to judge.
    if (conn.readyState !== 1 && conn.readyState !== 0) return;
    const db = conn.db;
    if (db && (await answers(() => db.admin().command({ ping: 1 })))) {
      failingSince = 0;
      return;
    }
    const now = Date.now();
    if (failingSince === 0) failingSince = now;
    if (now - failingSince < stuckAfterMs || stopped) return;
    if (!(await freshClientAnswers()) || stopped) return; // the server is away: nothing to reopen
    logger.warn(
      { dbName, failingForMs: now - failingSince },
      'database connection stuck while the server answers a new client: opening it again',
    );
    await conn.close().catch(() => undefined);
    if (stopped) return;
    await conn.openUri(url, { ...opts.clientOptions, dbName });
    reopened += 1;
    failingSince = 0;
    logger.info({ dbName }, 'database connection opened again');
  };

  const timer = setInterval(() => {
    running = running
      .then(check)
      .catch((err: Error) =>
        logger.warn({ dbName, err: err.message }, 'database connection check failed'),
      );
  }, everyMs);
  timer.unref();

  return {
    get reopened() {
      return reopened;
    },
    get freshClientsAsked() {
      return freshClientsAsked;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
