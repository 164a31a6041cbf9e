import { outboxEntry, type OutboxEntry } from '@swapbooth/event-bus';
import type { EventType } from '@swapbooth/contracts';
import type { DomainEvent } from '../domain/events';

export const PRODUCER = 'catalog';

/** Turns a use case's events into outbox entries stored on the aggregate's document. */
export const toOutbox = (events: DomainEvent[]): OutboxEntry[] =>
  events.map((e) =>
    outboxEntry(e.type as EventType, e.subject, e.data as never, { producer: PRODUCER }),
  );

/** True for a unique-index violation (MongoDB and FerretDB both report code 11000). */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: number; message?: string } | undefined;
  return e?.code === 11000 || /E11000/.test(e?.message ?? '');
}

/** Which of these fields a duplicate-key error names, when the server says. */
export function duplicateField<F extends string>(
  err: unknown,
  fields: readonly F[],
): F | undefined {
  const e = err as { keyPattern?: object; keyValue?: object; message?: string };
  const named = Object.keys(e.keyPattern ?? e.keyValue ?? {});
  return fields.find((f) => named.includes(f)) ?? fields.find((f) => e.message?.includes(`${f}_1`));
}

/** Splits a state into `$set` and `$unset` (optional fields that are now absent). */
export function setAndUnset(state: Record<string, unknown>): {
  $set: Record<string, unknown>;
  $unset?: Record<string, 1>;
} {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  for (const [k, v] of Object.entries(state)) {
    if (v === undefined) $unset[k] = 1;
    else $set[k] = v;
  }
  return Object.keys($unset).length ? { $set, $unset } : { $set };
}

/** Read projection that leaves the pending events on the document, where only the relay needs them. */
export const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 } as const;

/**
 * A stored document as plain state: null fields dropped (domain objects carry `undefined`), and the
 * outbox fields dropped too, so a state read and written back can never touch pending events.
 */
export function withoutNulls<T extends object>(o: T): T {
  return Object.fromEntries(
    Object.entries(o).filter(([k, v]) => v !== null && !k.startsWith('_outbox')),
  ) as T;
}
