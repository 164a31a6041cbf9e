import { Schema } from 'mongoose';
import { createEvent, topicOf, type EventData, type EventType } from '@swapbooth/contracts';

/** One pending event stored on the aggregate document it belongs to. */
export interface OutboxEntry {
  id: string;
  type: string;
  topic: string;
  key: string;
  value: string;
  createdAt: Date;
}

const outboxEntrySchema = new Schema<OutboxEntry>(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    topic: { type: String, required: true },
    key: { type: String, required: true },
    value: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

/**
 * Adds the outbox to an aggregate's schema. Events are written in the same single-document
 * update as the state change, so there is no state change without its events (no transactions needed).
 */
export function outboxPlugin(schema: Schema): void {
  // Not `select: false`: FerretDB rejects projections in findAndModify, which mongoose would add.
  // Repositories map documents to API shapes, so these fields never reach a client.
  schema.add({
    _outbox: { type: [outboxEntrySchema], default: [] },
    _outboxPending: { type: Boolean, default: false, index: true },
    _outboxLeaseUntil: { type: Date },
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
  return {
    id: env.id,
    type,
    topic: topicOf(type),
    key: subject,
    value: JSON.stringify(env),
    createdAt: new Date(),
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
