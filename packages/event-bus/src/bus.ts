import type { Connection, Model } from 'mongoose';
import type { Admin, Kafka } from 'kafkajs';
import type { Logger } from '@swapbooth/service-kit';
import { allTopics, deadLetterTopic, type TopicName } from '@swapbooth/contracts';
import { createKafka, ensureTopics, topicName, type BusConfig } from './kafka';
import { OutboxRelay, type RelayOptions } from './relay';
import { EventConsumer, type Subscription } from './consumer';
import { ProcessedEventStore } from './processed-store';

export interface ServiceBusOptions {
  service: string;
  config: BusConfig;
  logger: Logger;
  /** The service's own database: processed-event records live there. */
  conn: Connection;
  /** Aggregates with an outbox (relay publishes their pending events). */
  outboxModels?: Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Every topic this service consumes, in one list. */
  subscriptions?: Subscription[];
  relay?: Partial<Pick<RelayOptions, 'pollIntervalMs' | 'afterPublish'>>;
}

/** A service's event plumbing: topics, the outbox relay and its consumer group, with one start/stop. */
export class ServiceBus {
  readonly relay: OutboxRelay | undefined;
  readonly consumer: EventConsumer | undefined;
  private readonly admin: Admin;
  private readonly kafka: Kafka;
  private adminConnected = false;

  constructor(private readonly opts: ServiceBusOptions) {
    const kafka = createKafka(opts.config, opts.logger);
    this.kafka = kafka;
    this.admin = kafka.admin();
    if (opts.outboxModels?.length) {
      this.relay = new OutboxRelay({
        kafka,
        bus: opts.config,
        models: opts.outboxModels,
        logger: opts.logger,
        name: opts.service,
        ...(opts.config.outboxSweepMs ? { pollIntervalMs: opts.config.outboxSweepMs } : {}),
        ...opts.relay,
      });
    }
    if (opts.subscriptions?.length) {
      this.consumer = new EventConsumer({
        kafka,
        bus: opts.config,
        groupId: opts.service,
        subscriptions: opts.subscriptions,
        processed: new ProcessedEventStore(opts.conn),
        logger: opts.logger,
        ...(opts.config.fetchWaitMs ? { maxWaitTimeInMs: opts.config.fetchWaitMs } : {}),
        ...(opts.config.sessionTimeoutMs ? { sessionTimeoutMs: opts.config.sessionTimeoutMs } : {}),
      });
    }
  }

  /**
   * Topics, the admin client and the relay, then the consumer. With `consumersInBackground` the
   * consumer joins its group after this returns: a replica that restarts after a crash joins only
   * once the broker has given up on its previous self (the session timeout) and the group has
   * rebalanced, and its HTTP side need not wait for that. A failed join is retried with a doubling
   * backoff (1 s up to 30 s) until stop().
   */
  async start({
    consumersInBackground = false,
  }: { consumersInBackground?: boolean } = {}): Promise<void> {
    await ensureTopics(this.kafka, this.opts.config);
    await this.admin.connect();
    this.adminConnected = true;
    await this.relay?.start();
    if (!this.consumer) return;
    if (!consumersInBackground) {
      await this.consumer.start();
      return;
    }
    this.consumerJoin = this.keepJoining(this.consumer);
  }

  private consumerJoin: Promise<void> | undefined;
  private stopping = false;
  private wakeJoin: (() => void) | undefined;

  private async keepJoining(consumer: EventConsumer): Promise<void> {
    for (let attempt = 1; !this.stopping; attempt++) {
      try {
        await consumer.start();
        return;
      } catch (err) {
        if (this.stopping) return;
        const waitMs = Math.min(30_000, 1000 * 2 ** (attempt - 1));
        this.opts.logger.error(
          { err: err instanceof Error ? err.message : String(err), attempt, retryInMs: waitMs },
          'the consumer could not join its group; trying again',
        );
        await consumer.stop().catch(() => undefined);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          this.wakeJoin = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  /** Publish pending events now (after a write in this process). */
  kick(): void {
    this.relay?.kick();
  }

  /**
   * How many messages each dead-letter topic holds (its partitions' end minus start offsets), per
   * consumed-or-not topic of the contract: what an operator looks at to see poison messages.
   */
  async deadLetterCounts(): Promise<Array<{ topic: TopicName; deadLettered: number }>> {
    if (!this.adminConnected) throw new Error('broker not connected');
    return Promise.all(
      allTopics.map(async (topic) => {
        const offsets = await this.admin
          .fetchTopicOffsets(topicName(this.opts.config, deadLetterTopic(topic)))
          .catch(() => []);
        const deadLettered = offsets.reduce((n, o) => n + Number(o.high) - Number(o.low), 0);
        return { topic, deadLettered };
      }),
    );
  }

  /** Readiness: the broker answers a metadata request. */
  async ping(): Promise<void> {
    if (!this.adminConnected) throw new Error('broker not connected');
    await this.admin.listTopics();
  }

  /** Stops consuming first, then flushes the outbox, then disconnects. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeJoin?.();
    // A join under way ends first (it may be waiting on a rebalance): stopping a consumer in the
    // middle of joining would leave it to finish joining afterwards.
    await this.consumerJoin?.catch(() => undefined);
    await this.consumer?.stop().catch(() => undefined);
    await this.relay?.stop().catch(() => undefined);
    if (this.adminConnected) await this.admin.disconnect().catch(() => undefined);
    this.adminConnected = false;
  }
}
