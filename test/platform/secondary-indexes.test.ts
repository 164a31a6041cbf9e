// Queries on fields with non-unique indexes answer as MongoDB answers them, on the database server
// the tests run against (the local mongo-java-server, whose launcher looks such queries up in an
// in-memory index of its own, or MongoDB when MONGO_URL names one): arrays (multikey), null and
// missing, 1 vs 1.0 vs 1L, $in, dotted paths into sub-documents and arrays of them, sparse indexes,
// sort and limit, after updates that move a document between index values, after upserts and
// deletes, after a collection is dropped and recreated, and after the file store restarts.
import { Double, Long, MongoClient, type Collection, type Document } from 'mongodb';
import { disposableMongo, eventually, type DisposableServer } from '@swapbooth/test-kit';

let client: MongoClient;
let dbName: string;

beforeAll(async () => {
  const url = process.env.MONGO_URL;
  if (!url) throw new Error('MONGO_URL is not set: the component setup provides it');
  dbName = `${process.env.MONGO_DB_PREFIX ?? 'test_'}secondary_indexes`;
  client = await new MongoClient(url).connect();
});

afterAll(async () => {
  await client?.db(dbName).dropDatabase();
  await client?.close();
});

type Item = Document & { _id: number };

const seed: Item[] = [
  { _id: 1, tag: 'a', kind: 'x', n: 1, sub: { code: 'c1' } },
  { _id: 2, tag: ['a', 'b'], kind: 'x', n: new Double(1), sub: [{ code: 'c2' }, { code: 'c1' }] },
  { _id: 3, tag: null, kind: 'y', n: Long.fromNumber(1), opt: 5 },
  { _id: 4, kind: 'y', n: 2, sub: { code: ['c3', 'c4'] } },
  { _id: 5, tag: [], kind: 'x', n: 3, opt: null },
  { _id: 6, tag: 'b', kind: 'z', n: 2.5, sub: [{ other: 1 }] },
];

const indexes = async (c: Collection<Item>) => {
  await c.createIndex({ tag: 1 });
  await c.createIndex({ kind: 1, n: -1 });
  await c.createIndex({ 'sub.code': 1 });
  await c.createIndex({ opt: 1 }, { sparse: true });
};

const ids = async (c: Collection<Item>, filter: Document) =>
  (await c.find(filter).toArray()).map((d) => d._id).sort((a, b) => a - b);

/** The same filter on a copy without indexes must answer the same (a collection scan). */
async function expectIds(
  c: Collection<Item>,
  plain: Collection<Item>,
  filter: Document,
  want: number[],
) {
  expect({ filter, ids: await ids(c, filter) }).toEqual({ filter, ids: want });
  expect({ filter, ids: await ids(plain, filter) }).toEqual({ filter, ids: want });
}

async function pair(name: string, docs: Item[]) {
  const db = client.db(dbName);
  const c = db.collection<Item>(name);
  const plain = db.collection<Item>(`${name}_plain`);
  await c.insertMany(docs.map((d) => ({ ...d })));
  await plain.insertMany(docs.map((d) => ({ ...d })));
  await indexes(c);
  return { c, plain };
}

it('answers equality, $in, null and missing, numbers and dotted paths as a scan does', async () => {
  const { c, plain } = await pair('answers', seed);
  await expectIds(c, plain, { tag: 'a' }, [1, 2]);
  await expectIds(c, plain, { tag: { $eq: 'b' } }, [2, 6]);
  await expectIds(c, plain, { tag: { $in: ['b', 'zz'] } }, [2, 6]);
  await expectIds(c, plain, { tag: null }, [3, 4]);
  await expectIds(c, plain, { tag: 'zz' }, []);
  await expectIds(c, plain, { n: 1 }, [1, 2, 3]);
  await expectIds(c, plain, { kind: 'x', n: 1 }, [1, 2]);
  await expectIds(c, plain, { kind: 'x', n: new Double(1) }, [1, 2]);
  await expectIds(c, plain, { kind: 'y', n: Long.fromNumber(1) }, [3]);
  await expectIds(c, plain, { n: { $in: [1, 3] } }, [1, 2, 3, 5]);
  await expectIds(c, plain, { kind: { $in: ['y', 'z'] }, n: { $gte: 2 } }, [4, 6]);
  await expectIds(c, plain, { 'sub.code': 'c1' }, [1, 2]);
  await expectIds(c, plain, { 'sub.code': 'c3' }, [4]);
  await expectIds(c, plain, { 'sub.code': null }, [3, 5, 6]);
  await expectIds(c, plain, { opt: 5 }, [3]);
  await expectIds(c, plain, { opt: null }, [1, 2, 4, 5, 6]);
  await expectIds(c, plain, { tag: 'a', kind: 'y' }, []);
  await expectIds(c, plain, { tag: 'a', $or: [{ n: 1 }, { kind: 'z' }] }, [1, 2]);
  await expectIds(c, plain, { tag: /^a/ }, [1, 2]);

  const sorted = await c.find({ kind: 'x' }).sort({ n: -1, _id: 1 }).limit(2).toArray();
  expect(sorted.map((d) => d._id)).toEqual([5, 1]);
  const skipped = await c
    .find({ tag: { $in: ['a', 'b'] } })
    .sort({ _id: -1 })
    .skip(1)
    .toArray();
  expect(skipped.map((d) => d._id)).toEqual([2, 1]);
  expect(await c.countDocuments({ kind: 'x' })).toBe(3);
  expect((await c.distinct('n', { kind: 'y' })).map(Number).sort()).toEqual([1, 2]);
});

it('follows updates, upserts, replacements and deletes', async () => {
  const { c, plain } = await pair('changes', seed);
  for (const coll of [c, plain]) {
    await coll.updateOne({ _id: 1 }, { $set: { tag: 'c' } });
    await coll.updateMany({ kind: 'x' }, { $set: { kind: 'w' } });
    await coll.replaceOne({ _id: 4 }, { kind: 'y', n: 7, tag: 'a' });
    await coll.updateOne({ _id: 8 }, { $set: { tag: 'a', kind: 'y' } }, { upsert: true });
    await coll.findOneAndUpdate({ _id: 2 }, { $pull: { tag: 'a' } as Document });
    await coll.updateOne({ tag: 'b', kind: 'z' }, { $unset: { tag: '' } });
  }
  await expectIds(c, plain, { tag: 'a' }, [4, 8]);
  await expectIds(c, plain, { tag: 'c' }, [1]);
  await expectIds(c, plain, { tag: 'b' }, [2]);
  await expectIds(c, plain, { tag: null }, [3, 6]);
  await expectIds(c, plain, { kind: 'x' }, []);
  await expectIds(c, plain, { kind: 'w' }, [1, 2, 5]);
  await expectIds(c, plain, { kind: 'y', n: 7 }, [4]);

  for (const coll of [c, plain]) {
    await coll.deleteOne({ _id: 4 });
    await coll.insertOne({ _id: 9, tag: 'a', kind: 'y' });
  }
  await expectIds(c, plain, { tag: 'a' }, [8, 9]);
  for (const coll of [c, plain]) await coll.deleteMany({ kind: 'y' });
  await expectIds(c, plain, { tag: 'a' }, []);
  await expectIds(c, plain, { kind: 'y' }, []);
  await expectIds(c, plain, { kind: 'w' }, [1, 2, 5]);
});

it('starts empty again after the collection is dropped', async () => {
  const { c } = await pair('dropped', seed);
  await c.drop();
  await c.insertOne({ _id: 1, tag: 'a' });
  expect(await ids(c, { tag: 'a' })).toEqual([1]);
  await indexes(c);
  await c.insertOne({ _id: 2, tag: ['a'] });
  expect(await ids(c, { tag: 'a' })).toEqual([1, 2]);
  expect(await ids(c, { kind: 'x' })).toEqual([]);
});

describe('on the local file store', () => {
  let server: DisposableServer | undefined;
  afterAll(async () => server?.stop());

  it('answers the same after a restart (the indexes are rebuilt from the documents)', async () => {
    server = await disposableMongo();
    await server.start();
    let own = await new MongoClient(server.url).connect();
    let c = own.db('restart').collection<Item>('items');
    await c.insertMany(seed.map((d) => ({ ...d })));
    await indexes(c);
    await c.updateOne({ _id: 1 }, { $set: { tag: 'c' } });
    await own.close();

    // A graceful stop (the launcher closes the store, writing what it holds), then a fresh start.
    process.kill(server.pid!, 'SIGTERM');
    await eventually(() => server!.pid === undefined, 20_000);
    await server.start();
    own = await new MongoClient(server.url).connect();
    try {
      c = own.db('restart').collection<Item>('items');
      expect(await ids(c, { tag: 'a' })).toEqual([2]);
      expect(await ids(c, { tag: 'c' })).toEqual([1]);
      expect(await ids(c, { n: 1 })).toEqual([1, 2, 3]);
      expect(await ids(c, { 'sub.code': 'c1' })).toEqual([1, 2]);
      await c.insertOne({ _id: 7, tag: 'a' });
      await c.deleteOne({ _id: 2 });
      expect(await ids(c, { tag: 'a' })).toEqual([7]);
      const listed = (await c.listIndexes().toArray()).map((i) => i.name as string).sort();
      expect(listed).toEqual(['_id_', 'kind_1_n_-1', 'opt_1', 'sub.code_1', 'tag_1']);
    } finally {
      await own.close();
    }
  });
});
