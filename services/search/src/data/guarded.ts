import type { Model } from 'mongoose';

/** MongoDB's duplicate-key error: an upsert whose filter missed an existing document. */
export const isDuplicateKey = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/**
 * Upserts `update` into document `id` only where `fresh` (the "not newer than this event" filter)
 * holds. When a newer state is stored the filter misses, the upsert then collides on the unique
 * `_id`, and the write is skipped: returns false. So an event applied out of order never
 * overwrites a newer one, in one single-document write without a transaction.
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

/** Inserts documents whose `_id` is not stored yet and leaves stored ones as they are. */
export async function insertMissing(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  docs: ReadonlyArray<{ _id: string }>,
): Promise<void> {
  if (docs.length === 0) return;
  await model.bulkWrite(
    docs.map(({ _id, ...rest }) => ({
      updateOne: { filter: { _id }, update: { $setOnInsert: rest }, upsert: true },
    })),
    { ordered: false },
  );
}
