import type { mongo } from 'mongoose';

/**
 * The documents of a driver `find` made through mongoose's collection (`model.collection`, or
 * `conn.collection(name)`): a plain read without mongoose's query building and hydration, which
 * cost more than the read itself on the hot paths.
 *
 * While the connection is down, mongoose's collection buffers the call until the connection is
 * back, as a mongoose query would, and then hands the cursor over in a promise rather than at
 * once; a bare `.find(...).toArray()` would throw there. Both forms are taken here.
 */
export async function findAll<T>(
  cursor: mongo.FindCursor<T> | Promise<mongo.FindCursor<T>>,
): Promise<T[]> {
  return (await cursor).toArray();
}
