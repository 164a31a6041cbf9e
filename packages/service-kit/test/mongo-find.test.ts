import mongoose, { type Connection } from 'mongoose';
import { findAll } from '../src';

/**
 * A driver read through mongoose's collection on a connection that is not open yet: mongoose
 * buffers it, and the read answers once the connection opens, as a mongoose query would.
 */
jest.setTimeout(30_000);

const dbName = `find_${process.pid}_${Date.now().toString(36)}`;
const conns: Connection[] = [];

afterAll(async () => {
  const direct = await mongoose.createConnection(process.env.MONGO_URL!, { dbName }).asPromise();
  await direct.dropDatabase().catch(() => undefined);
  await direct.close();
  await Promise.all(conns.map((c) => c.close(true).catch(() => undefined)));
});

test('a read made before the connection opens answers once it is open', async () => {
  const seed = await mongoose.createConnection(process.env.MONGO_URL!, { dbName }).asPromise();
  conns.push(seed);
  await seed.collection('things').insertMany([
    { _id: 'a' as never, n: 1 },
    { _id: 'b' as never, n: 2 },
  ]);

  const later = mongoose.createConnection();
  conns.push(later);
  const read = findAll(
    later.collection<{ _id: string; n: number }>('things').find({}, { sort: { n: 1 } }),
  );
  await later.openUri(process.env.MONGO_URL!, { dbName });

  expect(await read).toEqual([
    { _id: 'a', n: 1 },
    { _id: 'b', n: 2 },
  ]);
});

test('a read on an open connection answers its documents', async () => {
  const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName }).asPromise();
  conns.push(conn);
  const docs = await findAll(
    conn.collection<{ _id: string; n: number }>('things').find({ n: { $gt: 1 } }),
  );
  expect(docs.map((d) => d._id)).toEqual(['b']);
});
