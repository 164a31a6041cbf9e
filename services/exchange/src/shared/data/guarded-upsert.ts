import type { Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';

/**
 * Applies a projection change only if it is newer than what is stored (`field` holds the last
 * applied number or time). An older or repeated event matches nothing, and its upsert collides on
 * _id: ignored. Events can arrive twice or late; the projection keeps the newest.
 */
export async function guardedUpsert(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  id: string,
  field: string,
  value: number | Date,
  set: Record<string, unknown>,
): Promise<void> {
  try {
    await model
      .updateOne(
        { _id: id, $or: [{ [field]: { $lt: value } }, { [field]: { $exists: false } }] },
        { $set: { ...set, [field]: value } },
        { upsert: true },
      )
      .exec();
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}
