import { randomUUID } from 'node:crypto';
import { Schema, type Model, type Query } from 'mongoose';
import { createEvent, topicOf, type EventData, type EventType } from '@swapbooth/contracts';
import { activeTraceparent } from './tracing';

/** One pending event stored on the aggregate document it belongs to. */
export interface OutboxEntry {
  id: string;
  type: string;
  topic: string;
  key: string;
  value: string;
  createdAt: Date;
  /** The W3C trace context of the write that stored the event (tracing on): the relay continues it. */
  traceparent?: string;
}

const outboxEntrySchema = new Schema<OutboxEntry>(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    topic: { type: String, required: true },
    key: { type: String, required: true },
    value: { type: String, required: true },
    createdAt: { type: Date, required: true },
    traceparent: { type: String },
  },
  { _id: false },
);

/**
 * Where a service's pending work can be found without reading whole collections: one small record
 * per write that stored events, `{ _id: '<collection>:<aggregate id>:<first event id>', c, a }`,
 * in the service's own database. It is written right after the aggregate's update (the aggregate's
 * `_outboxPending` flag stays the source of truth) and removed by the relay once it has seen the
 * aggregate with nothing pending. A crash between the two writes leaves a pending aggregate without
 * a record: the relay's full pass at start-up and every few minutes finds it.
 */
export const OUTBOX_PENDING_COLLECTION = 'outbox_pending';

export interface PendingMarker {
  _id: string;
  /** Collection of the aggregate. */
  c: string;
  /** The aggregate's _id; absent when the write did not name one (the relay reads the collection). */
  a?: unknown;
  at: Date;
}

/** Connections on which a pending record could not be written: the relay makes a full pass. */
const missedMarkers = new WeakSet<object>();

/** True (once) when a pending record was lost on this connection since the last call. */
export function takeMissedMarkers(conn: object): boolean {
  const missed = missedMarkers.has(conn);
  missedMarkers.delete(conn);
  return missed;
}

type Filter = Record<string, unknown>;
type MarkedModel = Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A plain _id value (string, number, ObjectId), or undefined for operators and missing ids. */
function plainId(v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object') return v;
  if ((v as { _bsontype?: string })._bsontype === 'ObjectId') return v;
  const ops = Object.keys(v as object);
  if (ops.length === 1 && ops[0] === '$eq') return plainId((v as { $eq: unknown }).$eq);
  return undefined;
}

/** Whether an update document (or replacement) stores events. */
function addsEvents(update: unknown): boolean {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return false;
  const u = update as Record<string, Record<string, unknown> | undefined>;
  const set = u.$set ?? {};
  return (
    u.$push?._outbox !== undefined ||
    set._outboxPending === true ||
    (update as Filter)._outboxPending === true
  );
}

function firstEventId(update: unknown): string {
  const u = (update ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const pushed = u.$push?._outbox as { $each?: Array<{ id?: string }> } | undefined;
  const stored = ((u.$set?._outbox ?? (update as Filter)._outbox) as Array<{ id?: string }>) ?? [];
  return pushed?.$each?.[0]?.id ?? stored[0]?.id ?? randomUUID();
}

async function writeMarkers(
  model: MarkedModel,
  writes: Array<{ id: unknown; eventId: string }>,
): Promise<void> {
  if (writes.length === 0) return;
  const c = model.collection.collectionName;
  const at = new Date();
  const markers: PendingMarker[] = writes.map(({ id, eventId }) => ({
    _id: `${c}:${id === undefined ? '*' : String(id)}:${eventId}`,
    c,
    ...(id === undefined ? {} : { a: id }),
    at,
  }));
  try {
    await model.db
      .collection<PendingMarker>(OUTBOX_PENDING_COLLECTION)
      .insertMany(markers, { ordered: false });
  } catch (err) {
    // The events are stored with the aggregate; without the record the relay's full pass finds them.
    if ((err as { code?: unknown }).code !== 11000) missedMarkers.add(model.db);
  }
}

/**
 * Records the aggregate a driver update (`model.collection.updateOne`, which skips mongoose and
 * so this plugin's hook) stored events on, as the hook does after a mongoose update: call it once
 * the update matched.
 */
export async function recordPendingEvents(
  model: MarkedModel,
  id: unknown,
  entries: readonly OutboxEntry[],
): Promise<void> {
  await recordPendingEventsOf(model, [{ id, entries }]);
}

/**
 * `recordPendingEvents` for many aggregates updated together (a driver `bulkWrite`): one insert
 * for all their pending records. Name only the aggregates whose update matched.
 */
export async function recordPendingEventsOf(
  model: MarkedModel,
  writes: ReadonlyArray<{ id: unknown; entries: readonly OutboxEntry[] }>,
): Promise<void> {
  await writeMarkers(
    model,
    writes.flatMap(({ id, entries }) => (entries.length ? [{ id, eventId: entries[0]!.id }] : [])),
  );
}

/** Records the aggregate an update stored events on, once the update has been applied. */
async function afterUpdate(
  query: Query<unknown, unknown>,
  op: string,
  res: unknown,
): Promise<void> {
  const update = query.getUpdate();
  if (!addsEvents(update)) return;
  const r = (res ?? {}) as {
    matchedCount?: number;
    upsertedCount?: number;
    upsertedId?: unknown;
    _id?: unknown;
    value?: { _id?: unknown } | null;
  };
  // updateOne / updateMany report counts: nothing matched and nothing inserted means nothing stored.
  if (r.matchedCount === 0 && !r.upsertedCount) return;
  // findOneAndUpdate answers null when nothing matched (or, returning the old state, for an insert).
  if (res === null && !query.getOptions().upsert) return;
  const filterId = plainId((query.getFilter() as Filter)._id);
  const id = filterId ?? plainId(r._id) ?? plainId(r.value?._id) ?? plainId(r.upsertedId);
  // A multi-document update stores events on documents it does not name: read the collection.
  const target = op === 'updateMany' ? undefined : id;
  await writeMarkers(query.model as MarkedModel, [{ id: target, eventId: firstEventId(update) }]);
}

/**
 * Adds the outbox to an aggregate's schema. Events are written in the same single-document
 * update as the state change, so there is no state change without its events (no transactions
 * needed). After each write that stored events, a pending record names the aggregate for the relay.
 * Writes through the raw driver (`model.collection`) or bulkWrite bypass the record: the relay's
 * periodic full pass still finds them, later.
 */
export function outboxPlugin(schema: Schema): void {
  // Not `select: false`, which would add a projection to every query and findAndModify:
  // repositories map documents to API shapes, so these fields never reach a client.
  schema.add({
    _outbox: { type: [outboxEntrySchema], default: [] },
    // The relay's full pass: find({ _outboxPending: true }) (few documents are pending at a time).
    _outboxPending: { type: Boolean, default: false, index: true },
    _outboxLeaseUntil: { type: Date },
  });
  for (const op of ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne'] as const) {
    schema.post(op, { document: false, query: true }, async function (res: unknown) {
      await afterUpdate(this as Query<unknown, unknown>, op, res);
    });
  }
  schema.pre('save', function () {
    this.$locals.outboxMarker =
      this.get('_outboxPending') === true && (this.isNew || this.isModified('_outbox'));
  });
  schema.post('save', async function () {
    if (!this.$locals.outboxMarker) return;
    this.$locals.outboxMarker = false;
    const entries = (this.get('_outbox') as Array<{ id?: string }> | undefined) ?? [];
    await writeMarkers(this.constructor as MarkedModel, [
      { id: this._id, eventId: entries[0]?.id ?? randomUUID() },
    ]);
  });
  schema.post('insertMany', async function (this: MarkedModel, docs: unknown) {
    const list = (Array.isArray(docs) ? docs : [docs]) as Array<{
      _id?: unknown;
      _outboxPending?: boolean;
      _outbox?: Array<{ id?: string }>;
    }>;
    await writeMarkers(
      this,
      list
        .filter((d) => d._outboxPending === true)
        .map((d) => ({ id: d._id, eventId: d._outbox?.[0]?.id ?? randomUUID() })),
    );
  });
}

export interface EventContext {
  producer: string;
  correlationId?: string;
}

/** Builds an outbox entry for an event (validated against its schema). */
export function outboxEntry<K extends EventType>(
  type: K,
  subject: string,
  data: EventData<K>,
  ctx: EventContext,
): OutboxEntry {
  const env = createEvent(type, data, {
    producer: ctx.producer,
    subject,
    ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
  });
  const traceparent = activeTraceparent();
  return {
    id: env.id,
    type,
    topic: topicOf(type),
    key: subject,
    value: JSON.stringify(env),
    createdAt: new Date(),
    ...(traceparent ? { traceparent } : {}),
  };
}

/** Fields to set on a new document so it is created with its events. */
export function withOutbox(entries: OutboxEntry[]): {
  _outbox: OutboxEntry[];
  _outboxPending: boolean;
} {
  return { _outbox: entries, _outboxPending: entries.length > 0 };
}

/**
 * Merges "append these events" into a mongo update document. Use with updateOne/findOneAndUpdate
 * so the state change and its events land in one atomic write.
 */
export function pushEvents<U extends Record<string, unknown>>(
  update: U,
  entries: OutboxEntry[],
): U {
  if (entries.length === 0) return update;
  const u = update as Record<string, Record<string, unknown> | undefined>;
  return {
    ...update,
    $set: { ...(u.$set ?? {}), _outboxPending: true },
    $push: { ...(u.$push ?? {}), _outbox: { $each: entries } },
  } as U;
}
