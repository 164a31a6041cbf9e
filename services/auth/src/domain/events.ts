import type { EventData, EventType } from '@swapbooth/contracts';

/** An event a use case raises; the repository stores it with the state change it belongs to. */
export type DomainEvent = {
  [K in EventType]: { type: K; subject: string; data: EventData<K> };
}[EventType];

export const domainEvent = <K extends EventType>(
  type: K,
  subject: string,
  data: EventData<K>,
): DomainEvent => ({ type, subject, data }) as DomainEvent;
