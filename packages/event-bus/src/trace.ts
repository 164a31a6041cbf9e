import diagnosticsChannel from 'node:diagnostics_channel';

/**
 * What the relays and consumers of this process did, on a diagnostics channel: nothing is built
 * unless something listens (the test kit does, to explain a wait that timed out).
 */
export const BUS_TRACE_CHANNEL = 'swapbooth:event-bus';

export interface PublishedEvent {
  id: string;
  type: string;
  /** Full topic name (with prefix). */
  topic: string;
  /** The envelope as sent. */
  value: string;
  /** When the event was stored with its aggregate. */
  storedAt: Date;
  /** Where it was written: `topic[partition]@offset`. */
  at: string;
}

export type BusTrace =
  | {
      kind: 'published';
      /** The relay's service. */
      by: string;
      at: number;
      events: PublishedEvent[];
    }
  | {
      kind: 'received';
      /** The consuming service (its logical group). */
      by: string;
      /** The Kafka consumer group. */
      group: string;
      at: number;
      id: string;
      type: string;
      topic: string;
      partition: number;
      offset: string;
      outcome: 'handled' | 'duplicate' | 'no handler' | 'dead-lettered' | 'unreadable';
      /** Time spent in the handler (with retries). */
      ms: number;
    }
  | {
      kind: 'group';
      by: string;
      group: string;
      at: number;
      what: string;
    };

const channel = diagnosticsChannel.channel(BUS_TRACE_CHANNEL);

/** True when something records traces (so callers can skip building them). */
export const busTraced = () => channel.hasSubscribers;

export function traceBus(t: BusTrace): void {
  if (channel.hasSubscribers) channel.publish(t);
}
