import {
  Partitioners,
  type Consumer,
  type ConsumerRunConfig,
  type Kafka,
  type KafkaMessage,
  type Producer,
} from 'kafkajs';
import {
  deadLetterTopic,
  parseEvent,
  type EventEnvelope,
  type EventType,
  type TopicName,
} from '@swapbooth/contracts';
import { isUnreachableError, type Logger, type ServiceMetrics } from '@swapbooth/service-kit';
import { topicName, type BusConfig } from './kafka';
import type { ProcessedEventStore } from './processed-store';
import { busTraced, traceBus, type BusTrace } from './trace';
import { failSpan, inProcessSpan } from './tracing';

export type Handler<K extends EventType> = (event: EventEnvelope<K>) => Promise<void>;
export type HandlerMap = { [K in EventType]?: Handler<K> };

/** One topic a service consumes and what it does with each event type on it. */
export interface Subscription {
  topic: TopicName;
  handlers: HandlerMap;
}

export interface ConsumerOptions {
  kafka: Kafka;
  bus: Pick<BusConfig, 'prefix' | 'groupPrefix' | 'consumeFrom'>;
  /**
   * The service name: with the bus prefixes it names the Kafka consumer group (replicas share
   * partitions), and it keys the processed-event records, so every group of one service (tests
   * give each file its own) skips what another has already handled.
   */
  groupId: string;
  subscriptions: Subscription[];
  processed: ProcessedEventStore;
  logger: Logger;
  /** Attempts before a message goes to the dead-letter topic. */
  maxAttempts?: number;
  backoffMs?: number;
  /**
   * How long the broker holds a fetch while there is nothing to read. A fetch returns as soon as
   * one message arrives (minBytes 1), so a long wait adds no latency: it only decides how often
   * an idle consumer wakes up (and, as heartbeats go out between fetches, how soon it notices a
   * rebalance).
   */
  maxWaitTimeInMs?: number;
  /**
   * How long the broker waits for a silent consumer before it rebalances without it (a crashed
   * replica's partitions wait this long). Heartbeats go out every third of it, and between
   * fetches, so an idle fetch wait must stay well under it.
   */
  sessionTimeoutMs?: number;
  fromBeginning?: boolean;
  /** Events handled, failed and dead-lettered, and handler durations, by topic and handler. */
  metrics?: ServiceMetrics;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome = Extract<BusTrace, { kind: 'received' }>['outcome'];

/** Broker fetch wait of an idle consumer (see ConsumerOptions.maxWaitTimeInMs). */
export const DEFAULT_FETCH_WAIT_MS = 5_000;

/** How long a crashed consumer holds its partitions (see ConsumerOptions.sessionTimeoutMs). */
export const DEFAULT_SESSION_TIMEOUT_MS = 10_000;

/**
 * How many times a handler runs on one event before the message goes to the dead-letter topic
 * (see ConsumerOptions.maxAttempts); the `dlq-attempts` header of the copy records it.
 */
export const DEFAULT_MAX_ATTEMPTS = 4;

/** The pause after the first failed attempt; it doubles after each further one. */
export const DEFAULT_BACKOFF_MS = 100;

/** The longest pause between tries while a server the handler needs is unreachable. */
export const UNREACHABLE_BACKOFF_CAP_MS = 5_000;

/**
 * At-least-once consumer: each handler runs once per event id (processed-event record), failing
 * handlers are retried with backoff, then the message goes to `<topic>.dlq` and the partition moves on.
 * A handler that fails because a server it needs is unreachable (the database restarting, say) is
 * not at fault: it is retried until the server is back, without counting towards the dead-letter
 * attempts, and the partition waits (a stopping consumer leaves the message for the next one).
 */
export class EventConsumer {
  private readonly consumer: Consumer;
  private readonly dlqProducer: Producer;
  private readonly group: string;
  private readonly consumeFrom: number;
  private started = false;
  private stopping = false;

  constructor(private readonly opts: ConsumerOptions) {
    this.group = topicName(opts.bus, `${opts.bus.groupPrefix ?? ''}${opts.groupId}`);
    this.consumeFrom = opts.bus.consumeFrom ?? 0;
    this.consumer = opts.kafka.consumer({
      groupId: this.group,
      minBytes: 1,
      maxWaitTimeInMs: opts.maxWaitTimeInMs ?? DEFAULT_FETCH_WAIT_MS,
      sessionTimeout: opts.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
      heartbeatInterval: Math.min(
        3_000,
        Math.floor((opts.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS) / 3),
      ),
      retry: { retries: 10 },
    });
    this.traceGroupEvents();
    this.restartAfterCrashes();
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
    this.runConfig = {
      eachMessage: async ({ topic, partition, message, heartbeat }) => {
        const sub = byTopic.get(topic);
        // Published before this consumer's time began (tests: before the test file started).
        if (Number(message.timestamp) < this.consumeFrom) return;
        if (sub) await this.handle(sub, topic, partition, message, heartbeat);
      },
    };
    await this.consumer.run(this.runConfig);
    this.started = true;
  }

  private runConfig: ConsumerRunConfig | undefined;

  /**
   * kafkajs restarts a crashed consumer itself only after an error it counts as retriable; after
   * another (with the broker gone for a while: "Failed to find group coordinator") it disconnects
   * and stays stopped, and the service would consume nothing more until it is restarted. Such a
   * consumer is started again here, with a growing pause, until it runs or the service stops it.
   * Its subscriptions are kept, and the group's committed offsets say where it goes on.
   */
  private restartAfterCrashes(): void {
    this.consumer.on(this.consumer.events.CRASH, (e) => {
      const { restart, error } = e.payload as { restart: boolean; error?: Error };
      if (restart || this.stopping || !this.started) return;
      this.opts.logger.warn(
        { group: this.group, err: error?.message },
        'consumer stopped after an error; starting it again',
      );
      void this.startAgain();
    });
  }

  private async startAgain(): Promise<void> {
    for (let pause = 1_000; !this.stopping; pause = Math.min(pause * 2, 30_000)) {
      await sleep(pause);
      if (this.stopping || !this.runConfig) return;
      try {
        await this.consumer.connect();
        await this.consumer.run(this.runConfig);
        this.opts.logger.info({ group: this.group }, 'consumer started again');
        return;
      } catch (err) {
        this.opts.logger.warn(
          { group: this.group, err: (err as Error).message },
          'consumer could not start again yet',
        );
        await this.consumer.disconnect().catch(() => undefined);
      }
    }
  }

  private async handle(
    sub: Subscription,
    topic: string,
    partition: number,
    message: KafkaMessage,
    heartbeat: () => Promise<void>,
  ): Promise<void> {
    const at = Date.now();
    const { outcome, event } = await this.apply(sub, topic, partition, message, heartbeat);
    if (busTraced()) {
      traceBus({
        kind: 'received',
        by: this.opts.groupId,
        group: this.group,
        at,
        id: event?.id ?? message.headers?.['event-id']?.toString() ?? '?',
        type: event?.type ?? message.headers?.['event-type']?.toString() ?? '?',
        topic,
        partition,
        offset: message.offset,
        outcome,
        ms: Date.now() - at,
      });
    }
  }

  private async apply(
    sub: Subscription,
    topic: string,
    partition: number,
    message: KafkaMessage,
    heartbeat: () => Promise<void>,
  ): Promise<{ outcome: Outcome; event?: EventEnvelope }> {
    let event: EventEnvelope;
    try {
      event = parseEvent(JSON.parse(message.value?.toString() ?? 'null'));
    } catch (err) {
      await this.deadLetter(sub.topic, message, `unreadable event: ${(err as Error).message}`, 0);
      this.opts.metrics?.eventsDeadLettered.inc({ topic: sub.topic, handler: 'unreadable' });
      return { outcome: 'unreadable' };
    }
    const handler = sub.handlers[event.type] as Handler<EventType> | undefined;
    if (!handler) return { outcome: 'no handler', event };
    // A process span per handled event, continuing the trace of the publish (message headers).
    return inProcessSpan(
      { name: topic, contract: sub.topic },
      {
        'messaging.consumer.group.name': this.group,
        'messaging.destination.partition.id': String(partition),
        'messaging.kafka.offset': Number(message.offset),
        'messaging.message.id': event.id,
        'swapbooth.event.type': event.type,
        'swapbooth.consumer': this.opts.groupId,
      },
      message.headers,
      async (span) => {
        const r = await this.run(sub, topic, partition, message, heartbeat, event, handler);
        span.setAttribute('swapbooth.outcome', r.outcome);
        if (r.outcome === 'dead-lettered') failSpan(span, 'sent to the dead-letter topic');
        return r;
      },
    );
  }

  /** Runs the handler once per event id, with retries, then the dead-letter topic. */
  private async run(
    sub: Subscription,
    topic: string,
    partition: number,
    message: KafkaMessage,
    heartbeat: () => Promise<void>,
    event: EventEnvelope,
    handler: Handler<EventType>,
  ): Promise<{ outcome: Outcome; event?: EventEnvelope }> {
    const key = `${this.opts.groupId}:${event.id}`;
    if (await this.opts.processed.has(key)) {
      this.opts.logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
      return { outcome: 'duplicate', event };
    }
    const attempts = this.opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const backoffMs = this.opts.backoffMs ?? DEFAULT_BACKOFF_MS;
    // Failures that count towards the dead-letter topic, and those of an unreachable server.
    let attempt = 0;
    let unreachableTries = 0;
    const metrics = this.opts.metrics;
    const labels = { topic: sub.topic, handler: event.type };
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    for (;;) {
      try {
        await handler(event);
        await this.opts.processed.mark(key);
        metrics?.eventsConsumed.inc(labels);
        metrics?.handlerDuration.observe(labels, took());
        return { outcome: 'handled', event };
      } catch (err) {
        const msg = (err as Error).message;
        metrics?.eventsFailed.inc(labels);
        if (isUnreachableError(err)) {
          // Not the event's fault: wait for the server, the partition holds its place.
          if (this.stopping) throw err;
          unreachableTries += 1;
          if (unreachableTries === 1 || unreachableTries % 10 === 0) {
            this.opts.logger.warn(
              { eventId: event.id, type: event.type, tries: unreachableTries, err: msg },
              'a server the handler needs is unreachable; retrying until it is back',
            );
          }
          await sleep(Math.min(backoffMs * 2 ** unreachableTries, UNREACHABLE_BACKOFF_CAP_MS));
          await heartbeat().catch(() => undefined);
          continue;
        }
        attempt += 1;
        if (attempt >= attempts) {
          this.opts.logger.error(
            { eventId: event.id, type: event.type, topic, partition, err: msg },
            'handler failed; sending to dead-letter topic',
          );
          await this.deadLetter(sub.topic, message, msg, attempt);
          metrics?.eventsDeadLettered.inc(labels);
          metrics?.handlerDuration.observe(labels, took());
          return { outcome: 'dead-lettered', event };
        }
        this.opts.logger.warn(
          { eventId: event.id, type: event.type, attempt, err: msg },
          'handler failed; retrying',
        );
        await sleep(backoffMs * 2 ** (attempt - 1));
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

  /** Group membership changes, for the trace (a rebalance is the usual reason for a slow event). */
  private traceGroupEvents(): void {
    const { events } = this.consumer;
    const on = (event: string, what: (payload: unknown) => string) =>
      this.consumer.on(
        event as typeof events.GROUP_JOIN,
        (e: { timestamp: number; payload: unknown }) => {
          if (busTraced()) {
            traceBus({
              kind: 'group',
              by: this.opts.groupId,
              group: this.group,
              at: e.timestamp,
              what: what(e.payload),
            });
          }
        },
      );
    on(events.GROUP_JOIN, (p) => {
      const { duration, memberAssignment } = p as {
        duration: number;
        memberAssignment: Record<string, number[]>;
      };
      const parts = Object.values(memberAssignment).reduce((n, ps) => n + ps.length, 0);
      return `joined its group in ${duration} ms, ${parts} partitions assigned`;
    });
    on(events.REBALANCING, () => 'rebalancing');
    on(events.CRASH, (p) => `crashed: ${(p as { error?: Error }).error?.message ?? 'unknown'}`);
    on(events.STOP, () => 'stopped');
  }

  /** The Kafka consumer group's name (with the bus prefixes). */
  get groupName(): string {
    return this.group;
  }

  /** The topics consumed: each one's name on the broker and in the contract. */
  get topics(): Array<{ name: string; topic: TopicName }> {
    return this.opts.subscriptions.map((s) => ({
      name: topicName(this.opts.bus, s.topic),
      topic: s.topic,
    }));
  }

  get isRunning(): boolean {
    return this.started;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.consumer.disconnect();
    await this.dlqProducer.disconnect();
    this.started = false;
  }
}
