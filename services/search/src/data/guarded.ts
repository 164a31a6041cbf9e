import type { Connection, Model } from 'mongoose';

/** MongoDB's duplicate-key error: an upsert whose filter missed an existing document. */
export const isDuplicateKey = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/**
 * Upserts `update` into document `id` only where `fresh` (the "not newer than this event" filter)
 * holds. When a newer state is stored the filter misses, the upsert then collides on `_id`, and
 * the write is skipped: returns false. One single-document write, so no transaction is needed.
 */
export async function guardedUpsert(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  id: string,
  fresh: Record<string, unknown>[],
  update: Record<string, unknown>,
): Promise<boolean> {
  try {
    const result = await model.updateOne({ _id: id, $or: fresh }, update, { upsert: true }).exec();
    return result.matchedCount + result.upsertedCount > 0;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** "Stored value of `field` is at most `value`, or absent." */
export const notNewerThan = (field: string, value: number | Date): Record<string, unknown>[] => [
  { [field]: { $lte: value } },
  { [field]: { $exists: false } },
];

/** Strips null and undefined values a lean read may carry. */
export function withoutNulls<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined),
  ) as T;
}

/** True when every failure of a bulk insert was a duplicate key. */
export function onlyDuplicates(err: unknown): boolean {
  if (isDuplicateKey(err) && !(err as { writeErrors?: unknown }).writeErrors) return true;
  const writeErrors = (err as { writeErrors?: unknown }).writeErrors;
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  return (
    list.length > 0 &&
    list.every((e: { code?: number; err?: { code?: number } }) => (e.code ?? e.err?.code) === 11000)
  );
}

/**
 * Inserts documents whose `_id` is not stored yet and leaves stored ones alone. Inserts, unlike
 * upserts, do not scan the collection on FerretDB, which keeps bulk loads linear.
 */
export async function insertMissing(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  docs: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  if (docs.length === 0) return;
  try {
    await model.collection.insertMany(docs as never[], { ordered: false });
  } catch (err) {
    if (!onlyDuplicates(err)) throw err;
  }
}

/** Items grouped by the key (a collection's model, say) each belongs to, in first-seen order. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * Inserts documents whose `_id` is not stored yet and returns the ids of those that were, which
 * are left alone.
 */
export async function insertReportingStored(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  docs: ReadonlyArray<{ _id: string }>,
): Promise<string[]> {
  if (docs.length === 0) return [];
  try {
    await model.collection.insertMany(docs as never[], { ordered: false });
    return [];
  } catch (err) {
    if (!onlyDuplicates(err)) throw err;
    const raw = (err as { writeErrors?: unknown }).writeErrors;
    const list = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Array<{ index?: number }>;
    // A lone duplicate may come without its index: then every document is looked at again.
    if (list.some((e) => e.index === undefined)) return docs.map((d) => d._id);
    return list.map((e) => docs[e.index!]!._id);
  }
}

/**
 * Moves the records of a collection earlier versions kept in one piece (`legacy`) by handing them
 * to `move` in batches, then drops it. Safe to run again after a crash. Returns how many moved.
 */
export async function moveLegacyCollection<T extends { _id: string }>(
  conn: Connection,
  legacy: string,
  move: (batch: T[]) => Promise<void>,
): Promise<number> {
  const db = conn.db;
  if (!db) throw new Error('the database connection is not open');
  const present = await db.listCollections({ name: legacy }, { nameOnly: true }).toArray();
  if (present.length === 0) return 0;
  let moved = 0;
  let batch: T[] = [];
  const flush = async () => {
    await move(batch);
    moved += batch.length;
    batch = [];
  };
  for await (const record of db.collection(legacy).find({}, { batchSize: 1000 })) {
    batch.push(record as unknown as T);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  await db.collection(legacy).drop();
  return moved;
}
