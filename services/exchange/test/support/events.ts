import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import {
  createEvent,
  Topics,
  topicOf,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';

/**
 * Reads everything exchange publishes on this instance's topics, as its consumers would, and
 * publishes other services' events onto the real topics.
 */
export class EventTap {
  private readonly kafka: Kafka;
  private consumer: Consumer | undefined;
  private producer: Producer | undefined;
  readonly seen: EventEnvelope[] = [];

  constructor(
    brokers: string[],
    private readonly prefix: string,
  ) {
    this.kafka = new Kafka({ brokers, clientId: 'exchange-test', logLevel: logLevel.NOTHING });
  }

  async start(): Promise<void> {
    this.consumer = this.kafka.consumer({
      groupId: `${this.prefix}tap-${randomBytes(3).toString('hex')}`,
      maxWaitTimeInMs: 100,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: [`${this.prefix}${Topics.proposal}`],
      fromBeginning: true,
    });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        this.seen.push(JSON.parse(message.value!.toString()) as EventEnvelope);
      },
    });
    this.producer = this.kafka.producer();
    await this.producer.connect();
  }

  /** Waits for an event of a type whose payload matches. */
  waitFor<K extends EventType>(
    type: K,
    match: (data: EventData<K>) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<EventEnvelope<K>> {
    return eventually(
      () =>
        this.seen.find(
          (e): e is EventEnvelope<K> => e.type === type && match(e.data as EventData<K>),
        ),
      timeoutMs,
    );
  }

  /** Every seen event of a type whose payload matches. */
  all<K extends EventType>(type: K, match: (data: EventData<K>) => boolean = () => true) {
    return this.seen.filter(
      (e): e is EventEnvelope<K> => e.type === type && match(e.data as EventData<K>),
    );
  }

  /** Publishes an event as its producing service would (to this instance's topics). */
  async publish<K extends EventType>(type: K, subject: string, data: EventData<K>): Promise<void> {
    const env = createEvent(type, data, { producer: 'test', subject });
    await this.producer!.send({
      topic: `${this.prefix}${topicOf(type)}`,
      messages: [{ key: subject, value: JSON.stringify(env) }],
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
  }
}
