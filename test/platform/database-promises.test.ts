// The promises our data layer relies on, proved on the database server the tests run against (the
// local mongo-java-server, or MongoDB when MONGO_URL names one): single-document updates are atomic
// across connections, and a unique key has one winner and answers 11000 to the rest, on insert and
// on update alike. 16 clients with one connection each race, as 16 service replicas would.
import { MongoClient, MongoServerError, type Collection, type Document } from 'mongodb';

const CLIENTS = 16;
const TRIES = 30;

let clients: MongoClient[] = [];
let dbName: string;

beforeAll(async () => {
  const url = process.env.MONGO_URL;
  if (!url) throw new Error('MONGO_URL is not set: the component setup provides it');
  dbName = `${process.env.MONGO_DB_PREFIX ?? 'test_'}promises`;
  clients = await Promise.all(
    Array.from({ length: CLIENTS }, () => new MongoClient(url, { maxPoolSize: 1 }).connect()),
  );
});

afterAll(async () => {
  await clients[0]?.db(dbName).dropDatabase();
  await Promise.all(clients.map((c) => c.close()));
});

function collection(client: MongoClient, name: string): Collection<Document> {
  return client.db(dbName).collection(name);
}

const isDuplicateKey = (err: unknown) => err instanceof MongoServerError && err.code === 11000;

it('applies a compare-and-set exactly as often as the final version says', async () => {
  const name = 'cas';
  await collection(clients[0]!, name).insertOne({ _id: 'doc' as never, version: 0 });
  const applied = await Promise.all(
    clients.map(async (client) => {
      let mine = 0;
      for (let i = 0; i < TRIES; i++) {
        const c = collection(client, name);
        const doc = await c.findOne({ _id: 'doc' as never });
        const v = doc!.version as number;
        const res = await c.updateOne(
          { _id: 'doc' as never, version: v },
          { $set: { version: v + 1 } },
        );
        mine += res.modifiedCount;
      }
      return mine;
    }),
  );
  const total = applied.reduce((a, b) => a + b, 0);
  const final = await collection(clients[0]!, name).findOne({ _id: 'doc' as never });
  expect(total).toBeGreaterThan(0);
  expect(final!.version).toBe(total);
});

it('lands every $inc of 16 connections', async () => {
  const name = 'counter';
  await collection(clients[0]!, name).insertOne({ _id: 'n' as never, n: 0 });
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < TRIES; i++) {
        await collection(client, name).updateOne({ _id: 'n' as never }, { $inc: { n: 1 } });
      }
    }),
  );
  const doc = await collection(clients[0]!, name).findOne({ _id: 'n' as never });
  expect(doc!.n).toBe(CLIENTS * TRIES);
});

it('gives a unique insert race one winner and 11000 to every other', async () => {
  const name = 'unique_insert';
  await collection(clients[0]!, name).createIndex({ key: 1 }, { unique: true });
  const outcomes = await Promise.all(
    clients.map(async (client, i) => {
      try {
        await collection(client, name).insertOne({ key: 'same', by: i });
        return 'won';
      } catch (err) {
        return isDuplicateKey(err) ? 'duplicate' : `other: ${String(err)}`;
      }
    }),
  );
  expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
  expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(CLIENTS - 1);
  expect(await collection(clients[0]!, name).countDocuments({ key: 'same' })).toBe(1);
});

it('answers 11000 to an update that makes a unique key collide, and keeps both documents', async () => {
  const name = 'unique_update';
  const c = collection(clients[0]!, name);
  await c.createIndex({ key: 1 }, { unique: true });
  await c.insertMany([
    { _id: 'a' as never, key: 'one' },
    { _id: 'b' as never, key: 'two' },
  ]);
  const err = await c.updateOne({ _id: 'b' as never }, { $set: { key: 'one' } }).catch((e) => e);
  expect(isDuplicateKey(err)).toBe(true);
  expect(await c.findOne({ _id: 'b' as never })).toMatchObject({ key: 'two' });
});

it('keeps a unique key on the documents that carry it only (sparse), for open-only claims', async () => {
  const name = 'unique_sparse';
  const c = collection(clients[0]!, name);
  await c.createIndex({ claim: 1 }, { unique: true, sparse: true });
  // Any number of documents without the key…
  await c.insertMany([{ _id: 'x' as never }, { _id: 'y' as never }]);
  // …but one winner among the racers that carry the same key.
  const outcomes = await Promise.all(
    clients.map(async (client, i) => {
      try {
        await collection(client, name).insertOne({ _id: `r${i}` as never, claim: 'k' });
        return 'won';
      } catch (err) {
        return isDuplicateKey(err) ? 'duplicate' : `other: ${String(err)}`;
      }
    }),
  );
  expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
  expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(CLIENTS - 1);
  // Dropping the key from the winner frees it for the next claim.
  const winner = outcomes.indexOf('won');
  await c.updateOne({ _id: `r${winner}` as never }, { $unset: { claim: '' } });
  await expect(c.insertOne({ _id: 'next' as never, claim: 'k' })).resolves.toBeDefined();
});
