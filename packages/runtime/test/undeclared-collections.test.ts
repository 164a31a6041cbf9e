import mongoose, { Schema, type Connection } from 'mongoose';
import type { Logger } from '@swapbooth/service-kit';
import { syncDeclaredIndexes } from '../src/indexes';

/**
 * At start a service says which collections of its database no schema declares (left by an
 * earlier version), and drops none of them.
 */
const dbName = `undeclared_${process.pid}_${Date.now().toString(36)}`;
let conn: Connection;

beforeAll(async () => {
  conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName }).asPromise();
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

test('collections no schema declares are named in one warning, and kept', async () => {
  conn.model('Proposal', new Schema({ status: String }), 'proposals');
  await conn.db!.createCollection('proposals');
  await conn.db!.collection('proposal_index_docs').insertOne({ _id: 'm1' as never });
  await conn.db!.collection('calendar_expiry').insertOne({ _id: 'b1' as never });
  await conn.db!.collection('outbox_pending').insertOne({ _id: 'p1' as never });

  const warnings: Array<{ fields: Record<string, unknown>; msg: string }> = [];
  const logger = {
    info: () => undefined,
    warn: (fields: Record<string, unknown>, msg: string) => warnings.push({ fields, msg }),
  } as unknown as Logger;
  await syncDeclaredIndexes(conn, logger);

  expect(warnings).toHaveLength(1);
  expect(warnings[0]!.fields.collections).toEqual(['calendar_expiry', 'proposal_index_docs']);
  expect(warnings[0]!.msg).toMatch(/no schema declares/);
  const names = (await conn.db!.listCollections().toArray()).map((c) => c.name).sort();
  expect(names).toEqual(['calendar_expiry', 'outbox_pending', 'proposal_index_docs', 'proposals']);
});
