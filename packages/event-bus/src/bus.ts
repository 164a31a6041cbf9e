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

  async start(): Promise<void> {
    await ensureTopics(this.kafka, this.opts.config);
    await this.admin.connect();
    this.adminConnected = true;
    await this.relay?.start();
    await this.consumer?.start();
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
    await this.consumer?.stop().catch(() => undefined);
    await this.relay?.stop().catch(() => undefined);
    if (this.adminConnected) await this.admin.disconnect().catch(() => undefined);
    this.adminConnected = false;
  }
}
