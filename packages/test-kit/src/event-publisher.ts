import { Kafka, logLevel, type Producer } from 'kafkajs';
import {
  createEvent,
  topicOf,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@swapbooth/contracts';

/** Publishes events onto a service instance's topics, as their producing services would. */
export class EventPublisher {
  private readonly producer: Producer;

  constructor(
    brokers: readonly string[],
    private readonly prefix: string,
  ) {
    const kafka = new Kafka({
      brokers: [...brokers],
      clientId: 'event-publisher',
      logLevel: logLevel.NOTHING,
    });
    this.producer = kafka.producer();
  }

  start = () => this.producer.connect();
  stop = () => this.producer.disconnect();

  /** An envelope as its producing service would make it (occurredAt: when it happened instead of now). */
  event<K extends EventType>(
    type: K,
    subject: string,
    data: EventData<K>,
    occurredAt?: Date,
  ): EventEnvelope<K> {
    const e = createEvent(type, data, { producer: 'test', subject });
    return occurredAt ? { ...e, occurredAt: occurredAt.toISOString() } : e;
  }

  /** Makes an event and sends it; resolves to the envelope sent. */
  async publish<K extends EventType>(
    type: K,
    subject: string,
    data: EventData<K>,
    occurredAt?: Date,
  ): Promise<EventEnvelope<K>> {
    const e = this.event(type, subject, data, occurredAt);
    await this.send(e as EventEnvelope);
    return e;
  }

  /** Sends envelopes as they are (a redelivery sends the same one again), keyed by subject. */
  async send(...events: EventEnvelope[]): Promise<void> {
    for (const e of events) {
      await this.producer.send({
        topic: `${this.prefix}${topicOf(e.type)}`,
        messages: [{ key: e.subject, value: JSON.stringify(e) }],
      });
    }
  }
}
