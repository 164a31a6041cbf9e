import type { EventData, EventType } from '@swapbooth/contracts';

/** An event a use case raises; the repository stores it with the state change in one write. */
export interface DomainEvent<K extends EventType = EventType> {
  type: K;
  /** Aggregate id: the Kafka message key. */
  subject: string;
  data: EventData<K>;
}

export const domainEvent = <K extends EventType>(
  type: K,
  subject: string,
  data: EventData<K>,
): DomainEvent<K> => ({ type, subject, data });
