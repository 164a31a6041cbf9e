import { Partitioners, type Consumer, type Kafka, type KafkaMessage, type Producer } from 'kafkajs';
import {
  deadLetterTopic,
  parseEvent,
  type EventEnvelope,
  type EventType,
  type TopicName,
} from '@swapbooth/contracts';
import type { Logger } from '@swapbooth/service-kit';
import { topicName, type BusConfig } from './kafka';
import type { ProcessedEventStore } from './processed-store';

export type Handler<K extends EventType> = (event: EventEnvelope<K>) => Promise<void>;
export type HandlerMap = { [K in EventType]?: Handler<K> };

/** One topic a service consumes and what it does with each event type on it. */
export interface Subscription {
  topic: TopicName;
  handlers: HandlerMap;
}

export interface ConsumerOptions {
  kafka: Kafka;
  bus: Pick<BusConfig, 'prefix'>;
  /** Consumer group: the service name (replicas share partitions). */
  groupId: string;
  subscriptions: Subscription[];
  processed: ProcessedEventStore;
  logger: Logger;
  /** Attempts before a message goes to the dead-letter topic. */
  maxAttempts?: number;
  backoffMs?: number;
  /** Broker fetch wait: low so an event reaches its consumer well under a second. */
  maxWaitTimeInMs?: number;
  fromBeginning?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * At-least-once consumer: each handler runs once per event id (processed-event record), failing
 * handlers are retried with backoff, then the message goes to `<topic>.dlq` and the partition moves on.
 */
export class EventConsumer {
  private readonly consumer: Consumer;
  private readonly dlqProducer: Producer;
  private started = false;

  constructor(private readonly opts: ConsumerOptions) {
    this.consumer = opts.kafka.consumer({
      groupId: topicName(opts.bus, opts.groupId),
      maxWaitTimeInMs: opts.maxWaitTimeInMs ?? 100,
      sessionTimeout: 15_000,
      heartbeatInterval: 1_000,
      retry: { retries: 10 },
    });
    this.dlqProducer = opts.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
  }

  async start(): Promise<void> {
    const byTopic = new Map(
      this.opts.subscriptions.map((s) => [topicName(this.opts.bus, s.topic), s]),
    );
    await this.dlqProducer.connect();
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: [...byTopic.keys()],
      fromBeginning: this.opts.fromBeginning ?? true,
    });
    await this.consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const sub = byTopic.get(topic);
        if (sub) await this.handle(sub, topic, partition, message);
      },
    });
    this.started = true;
  }

  private async handle(
    sub: Subscription,
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): Promise<void> {
    let event: EventEnvelope;
    try {
      event = parseEvent(JSON.parse(message.value?.toString() ?? 'null'));
    } catch (err) {
      await this.deadLetter(sub.topic, message, `unreadable event: ${(err as Error).message}`, 0);
      return;
    }
    const handler = sub.handlers[event.type] as Handler<EventType> | undefined;
    if (!handler) return;
    const key = `${this.opts.groupId}:${event.id}`;
    if (await this.opts.processed.has(key)) {
      this.opts.logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
      return;
    }
    const attempts = this.opts.maxAttempts ?? 4;
    for (let attempt = 1; ; attempt++) {
      try {
        await handler(event);
        await this.opts.processed.mark(key);
        return;
      } catch (err) {
        const msg = (err as Error).message;
        if (attempt >= attempts) {
          this.opts.logger.error(
            { eventId: event.id, type: event.type, topic, partition, err: msg },
            'handler failed; sending to dead-letter topic',
          );
          await this.deadLetter(sub.topic, message, msg, attempt);
          return;
        }
        this.opts.logger.warn(
          { eventId: event.id, type: event.type, attempt, err: msg },
          'handler failed; retrying',
        );
        await sleep((this.opts.backoffMs ?? 100) * 2 ** (attempt - 1));
      }
    }
  }

  private async deadLetter(
    topic: TopicName,
    message: KafkaMessage,
    error: string,
    attempts: number,
  ): Promise<void> {
    await this.dlqProducer.send({
      topic: topicName(this.opts.bus, deadLetterTopic(topic)),
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            'dlq-error': error.slice(0, 500),
            'dlq-attempts': String(attempts),
            'dlq-group': this.opts.groupId,
            'dlq-original-offset': message.offset,
          },
        },
      ],
    });
  }

  get isRunning(): boolean {
    return this.started;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.dlqProducer.disconnect();
    this.started = false;
  }
}
