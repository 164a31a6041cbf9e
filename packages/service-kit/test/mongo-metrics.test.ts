import mongoose, { type Connection } from 'mongoose';
import { instrumentMongo, ServiceMetrics } from '../src';

/**
 * The operation metrics a service's database connection counts, on the local server: each command
 * by collection and kind, failures apart, and each database's commands in its own service's metrics
 * even when two services share the process (as the component tests run them).
 */
jest.setTimeout(30_000);

const stamp = `${process.pid}_${Date.now().toString(36)}`;
const conns: Connection[] = [];

async function open(dbName: string): Promise<Connection> {
  const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName }).asPromise();
  conns.push(conn);
  return conn;
}

afterAll(async () => {
  for (const conn of conns) {
    await conn.dropDatabase().catch(() => undefined);
    await conn.close(true).catch(() => undefined);
  }
});

/** The histogram's count and the error counter for one collection and kind. */
async function counted(metrics: ServiceMetrics, collection: string, kind: string) {
  const text = await metrics.registry.metrics();
  const value = (name: string) => {
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith(`${name}{`) &&
          l.includes(`collection="${collection}"`) &&
          l.includes(`kind="${kind}"`),
      );
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };
  return {
    count: value('mongodb_operation_duration_seconds_count'),
    errors: value('mongodb_operation_errors_total'),
  };
}

test('each command counts by collection and kind, and a command the server refuses as an error too', async () => {
  const conn = await open(`opmetrics_${stamp}`);
  const metrics = new ServiceMetrics('opmetrics', { defaults: false });
  instrumentMongo(conn, metrics);
  const things = conn.collection<{ _id: string; n: number }>('things');

  await things.insertOne({ _id: 'a', n: 1 });
  await things.insertMany([
    { _id: 'b', n: 2 },
    { _id: 'c', n: 3 },
  ]);
  await things.find({ n: { $gte: 2 } }).toArray();
  await things.findOne({ _id: 'a' });
  await things.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
  await things.findOneAndUpdate({ _id: 'b' }, { $set: { n: 5 } });
  await things.deleteOne({ _id: 'c' });
  // A duplicate key is a write error in a command the server ran: an insert, not a failed one.
  await expect(things.insertOne({ _id: 'a', n: 9 })).rejects.toMatchObject({ code: 11000 });
  // An unknown operator is refused: the command itself failed.
  await expect(things.find({ n: { $bogus: 1 } } as never).toArray()).rejects.toThrow();

  expect(await counted(metrics, 'things', 'insert')).toEqual({ count: 3, errors: 0 });
  expect(await counted(metrics, 'things', 'find')).toEqual({ count: 3, errors: 1 });
  expect(await counted(metrics, 'things', 'update')).toEqual({ count: 1, errors: 0 });
  expect(await counted(metrics, 'things', 'findAndModify')).toEqual({ count: 1, errors: 0 });
  expect(await counted(metrics, 'things', 'delete')).toEqual({ count: 1, errors: 0 });
  // The duplicate is the server's answer, seen by the caller as before: 11000 and nothing stored.
  expect(await things.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 2 });
});

test("two databases in one process count in their own service's metrics", async () => {
  const [left, right] = await Promise.all([open(`opleft_${stamp}`), open(`opright_${stamp}`)]);
  const leftMetrics = new ServiceMetrics('left', { defaults: false });
  const rightMetrics = new ServiceMetrics('right', { defaults: false });
  instrumentMongo(left, leftMetrics);
  instrumentMongo(right, rightMetrics);

  await left.collection('things').insertOne({ n: 1 });
  await right.collection('things').insertOne({ n: 1 });
  await right.collection('things').insertOne({ n: 2 });
  await right.collection('things').find({}).toArray();

  expect(await counted(leftMetrics, 'things', 'insert')).toEqual({ count: 1, errors: 0 });
  expect(await counted(leftMetrics, 'things', 'find')).toEqual({ count: 0, errors: 0 });
  expect(await counted(rightMetrics, 'things', 'insert')).toEqual({ count: 2, errors: 0 });
  expect(await counted(rightMetrics, 'things', 'find')).toEqual({ count: 1, errors: 0 });
});

test('a connection opened without metrics counts nothing anywhere', async () => {
  const counting = await open(`opcounting_${stamp}`);
  const metrics = new ServiceMetrics('counting', { defaults: false });
  instrumentMongo(counting, metrics);
  const other = await open(`opother_${stamp}`);
  await other.collection('things').insertOne({ n: 1 });
  expect(await counted(metrics, 'things', 'insert')).toEqual({ count: 0, errors: 0 });
});
