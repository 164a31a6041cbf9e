import type { Connection, Model } from 'mongoose';
import type { Logger } from '@swapbooth/service-kit';
import { OUTBOX_PENDING_COLLECTION } from '@swapbooth/event-bus';

type AnyModel = Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An index as the schemas declare it and the server lists it: its keys, unique and sparse. */
export interface IndexShape {
  key: Record<string, unknown>;
  unique: boolean;
  sparse: boolean;
}

/** One text per index, so declared and listed indexes compare as strings. */
export const indexSignature = (i: IndexShape): string =>
  `${JSON.stringify(i.key)}${i.unique ? ' unique' : ''}${i.sparse ? ' sparse' : ''}`;

const shape = (key: object, opts: { unique?: unknown; sparse?: unknown }): IndexShape => ({
  key: key as Record<string, unknown>,
  unique: opts.unique === true,
  sparse: opts.sparse === true,
});

/** The indexes every model registered on the connection declares, by collection. */
export function declaredIndexes(conn: Connection): Map<string, IndexShape[]> {
  const byCollection = new Map<string, IndexShape[]>();
  for (const model of Object.values(conn.models) as AnyModel[]) {
    const list = byCollection.get(model.collection.collectionName) ?? [];
    for (const [key, opts] of model.schema.indexes()) list.push(shape(key, opts));
    byCollection.set(model.collection.collectionName, list);
  }
  return byCollection;
}

const IGNORABLE = new Set([
  26, // NamespaceNotFound: the collection is not there yet
  27, // IndexNotFound: another replica dropped it first
]);

/**
 * Makes each collection's indexes those its schemas declare: drops those no schema declares any
 * more (an index removed from the code, or one whose options changed), then builds the missing
 * ones (mongoose's own createIndexes). Replicas starting together may both try; the second finds
 * the work done.
 */
export async function syncDeclaredIndexes(conn: Connection, logger: Logger): Promise<void> {
  const declared = declaredIndexes(conn);
  for (const [name, shapes] of declared) {
    const wanted = new Set(shapes.map(indexSignature));
    const collection = conn.collection(name);
    const listed = await collection
      .listIndexes()
      .toArray()
      .catch((err: unknown) => {
        if ((err as { code?: number }).code === 26) return []; // not created yet: nothing to drop
        throw err;
      });
    for (const index of listed) {
      if (index.name === '_id_' || !index.name) continue;
      if (wanted.has(indexSignature(shape(index.key as object, index)))) continue;
      try {
        await collection.dropIndex(index.name);
        logger.info({ collection: name, index: index.name }, 'dropped an index no schema declares');
      } catch (err) {
        if (!IGNORABLE.has((err as { code?: number }).code ?? 0)) throw err;
      }
    }
  }
  const models = Object.values(conn.models) as AnyModel[];
  await Promise.all(models.map((m) => m.createIndexes()));
  await reportUndeclaredCollections(conn, declared, logger);
}

/**
 * Says which collections of the database no schema declares: left by an earlier version (the
 * proposal index documents, calendars and sharded search collections of the old local server,
 * say). Nothing is dropped: the operator decides, with the list in hand.
 */
async function reportUndeclaredCollections(
  conn: Connection,
  declared: Map<string, IndexShape[]>,
  logger: Logger,
): Promise<void> {
  if (!conn.db) return;
  const listed = await conn.db.listCollections({}, { nameOnly: true }).toArray();
  const undeclared = listed
    .map((c) => c.name)
    .filter(
      (name) =>
        !declared.has(name) && name !== OUTBOX_PENDING_COLLECTION && !name.startsWith('system.'),
    )
    .sort();
  if (undeclared.length > 0) {
    logger.warn(
      { db: conn.name, collections: undeclared },
      'collections no schema declares (left by an earlier version?): drop them once unneeded',
    );
  }
}
