import { outboxEntry, type OutboxEntry } from '@swapbooth/event-bus';
import { currentRequestId } from '@swapbooth/service-kit';
import type { DomainEvent } from '../domain/events';

/** Turns raised events into outbox entries, correlated with the current request. */
export function toOutbox(events: DomainEvent[]): OutboxEntry[] {
  const correlationId = currentRequestId();
  return events.map((e) =>
    outboxEntry(e.type, e.subject, e.data as never, {
      producer: 'auth',
      ...(correlationId ? { correlationId } : {}),
    }),
  );
}

/** Called after a write that stored events, so the relay publishes them now rather than at its next poll. */
export type EventsWritten = () => void;

export const isDuplicateKey = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: number }).code === 11000;
