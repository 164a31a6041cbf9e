import mongoose, { Schema, type Connection } from 'mongoose';
import { eventually, startTcpProxy, type TcpProxy } from '@swapbooth/test-kit';
import { createLogger, watchMongo, type MongoWatchdog } from '../src';

/**
 * The database watchdog. The stuck client is built the way it happens: every connection is cut, a
 * call fails on its cut connection, so the driver marks the server unknown and asks its monitor,
 * whose new connection is accepted and never answered; every call then fails server selection
 * until the monitor gives up. The driver here waits two minutes for that, so only the watchdog can
 * bring the connection back within the test's deadline, while a new client gets through at once.
 */
jest.setTimeout(90_000);

const logger = createLogger('watchdog-test', 'silent');
const clientOptions = {
  serverSelectionTimeoutMS: 5000,
  heartbeatFrequencyMS: 120_000,
  connectTimeoutMS: 120_000,
};
const dbName = `watchdog_${process.pid}_${Date.now().toString(36)}`;

let proxy: TcpProxy;
let url: string;
let conn: Connection;
let watchdog: MongoWatchdog | undefined;

beforeAll(async () => {
  const direct = new URL(process.env.MONGO_URL!);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
  const viaProxy = new URL(process.env.MONGO_URL!);
  viaProxy.port = String(proxy.port);
  url = viaProxy.toString();
  conn = await mongoose.createConnection(url, { ...clientOptions, dbName }).asPromise();
});

afterAll(async () => {
  await watchdog?.stop();
  await conn?.close(true).catch(() => undefined);
  const direct = await mongoose.createConnection(process.env.MONGO_URL!, { dbName }).asPromise();
  await direct.dropDatabase().catch(() => undefined);
  await direct.close();
  await proxy?.close();
});

/** Resolves with the call's outcome, or 'no answer' when it hangs past the deadline. */
const within = <T>(ms: number, p: Promise<T>): Promise<T | 'no answer'> =>
  Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms).unref())]);

test('a connection with dead sockets is opened again and its models work', async () => {
  const Note = conn.model('Note', new Schema({ text: String }));
  await Note.create({ text: 'before' });
  watchdog = watchMongo(conn, url, logger, {
    everyMs: 500,
    stuckAfterMs: 3000,
    pingTimeoutMs: 1000,
    clientOptions,
  });

  proxy.setBlackhole(true);
  proxy.cutAll();
  // The client as the service holds it: its calls now fail, and its monitor is left waiting.
  await expect(Note.countDocuments().exec()).rejects.toThrow();
  await eventually(() => proxy.frozenCount >= 1, 20_000);
  proxy.setBlackhole(false);
  // Stuck: selection fails until the monitor gives up (or the watchdog steps in).
  await expect(Note.countDocuments().exec()).rejects.toThrow();

  // Within the deadline a write is acknowledged again, through the same model.
  await eventually(
    async () => (await within(2000, Note.create({ text: 'after' }))) !== 'no answer',
    45_000,
  );
  expect(watchdog.reopened).toBe(1);
  expect((await Note.find().lean()).map((n) => n.text).sort()).toEqual(['after', 'before']);
});

test('a server that is away is not a stuck connection: nothing is reopened', async () => {
  const away = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(url).port) });
  const awayUrl = `mongodb://127.0.0.1:${away.port}/`;
  const c = await mongoose.createConnection(awayUrl, { ...clientOptions, dbName }).asPromise();
  const w = watchMongo(c, awayUrl, logger, {
    everyMs: 300,
    stuckAfterMs: 600,
    pingTimeoutMs: 300,
    clientOptions,
  });
  await away.close(); // the server's address answers nobody any more
  // Stuck long enough to be judged, twice: each time a new client fails too.
  await eventually(() => w.freshClientsAsked >= 2, 30_000);
  expect(w.reopened).toBe(0);
  await w.stop();
  await c.close(true).catch(() => undefined);
});
