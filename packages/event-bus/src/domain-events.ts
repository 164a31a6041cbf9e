import type { EventData, EventType } from '@swapbooth/contracts';
import { currentRequestId } from '@swapbooth/service-kit';
import { outboxEntry, type OutboxEntry } from './outbox';

/**
 * An event a use case raises. The repository stores it on the aggregate's document in the same
 * single-document write as the state change (the outbox); the relay publishes it afterwards.
 */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; subject: string; data: EventData<K> };
}[T];

/** Builds a domain event; `subject` is the aggregate id and becomes the Kafka message key. */
export const domainEvent = <K extends EventType>(
  type: K,
  subject: string,
  data: EventData<K>,
): DomainEvent<K> => ({ type, subject, data }) as DomainEvent<K>;

/**
 * Turns a use case's events into outbox entries, each validated against its schema and carrying the
 * current request's id as its correlation id (so one trace follows a change through every service).
 */
export function toOutbox(events: readonly DomainEvent[], producer: string): OutboxEntry[] {
  const correlationId = currentRequestId();
  return events.map((e) =>
    outboxEntry(e.type, e.subject, e.data as never, {
      producer,
      ...(correlationId ? { correlationId } : {}),
    }),
  );
}

/** True for a unique-index violation (code 11000, on MongoDB and the local server alike). */
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

/** Called after a write that stored events, so the relay publishes them now rather than at its next sweep. */
export type EventsWritten = () => void;
