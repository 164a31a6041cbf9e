import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import type { EventData, EventEnvelope, EventType, TopicName } from '@swapbooth/contracts';
import { EventPublisher } from './event-publisher';
import { eventually } from './wait';

/** An event as the tap read it, with the message key it was published under. */
export type TappedEvent<K extends EventType = EventType> = EventEnvelope<K> & { key?: string };

/**
 * Reads everything published on some of a service instance's topics, as its consumers would, and
 * publishes other services' events onto that instance's real topics.
 */
export class EventTap {
  private readonly kafka: Kafka;
  private consumer: Consumer | undefined;
  private readonly publisher: EventPublisher;
  readonly seen: TappedEvent[] = [];

  constructor(
    brokers: string[],
    private readonly prefix: string,
    private readonly topics: readonly TopicName[],
    private readonly timeoutMs = 15_000,
  ) {
    this.kafka = new Kafka({ brokers, clientId: 'event-tap', logLevel: logLevel.NOTHING });
    this.publisher = new EventPublisher(brokers, prefix);
  }

  async start(): Promise<void> {
    this.consumer = this.kafka.consumer({
      groupId: `${this.prefix}tap-${randomBytes(3).toString('hex')}`,
      maxWaitTimeInMs: 100,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: this.topics.map((t) => `${this.prefix}${t}`),
      fromBeginning: true,
    });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        const env = JSON.parse(message.value!.toString()) as TappedEvent;
        env.key = message.key?.toString();
        this.seen.push(env);
      },
    });
    await this.publisher.start();
  }

  /** Waits for an event of a type whose payload matches. */
  waitFor<K extends EventType>(
    type: K,
    match: (data: EventData<K>) => boolean = () => true,
    timeoutMs = this.timeoutMs,
  ): Promise<TappedEvent<K>> {
    return eventually(() => this.all(type, match)[0], timeoutMs);
  }

  /** Every seen event of a type whose payload matches. */
  all<K extends EventType>(
    type: K,
    match: (data: EventData<K>) => boolean = () => true,
  ): TappedEvent<K>[] {
    return this.seen.filter(
      (e): e is TappedEvent<K> => e.type === type && match(e.data as EventData<K>),
    );
  }

  /** Publishes an event as its producing service would (to this instance's topics). */
  async publish<K extends EventType>(type: K, subject: string, data: EventData<K>): Promise<void> {
    await this.publisher.publish(type, subject, data);
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    if (this.consumer) await this.publisher.stop();
  }
}
