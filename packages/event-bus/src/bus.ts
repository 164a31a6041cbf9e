import type { Connection, Model } from 'mongoose';
import type { Admin, Kafka } from 'kafkajs';
import type { Logger, ServiceMetrics } from '@swapbooth/service-kit';
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
  relay?: Partial<Pick<RelayOptions, 'pollIntervalMs' | 'leaseMs' | 'afterPublish'>>;
  /**
   * The process's metrics: the relay and consumer count into it, and each scrape samples the
   * outbox backlog and the consumer lag (at most every 10 s).
   */
  metrics?: ServiceMetrics;
}

interface PendingByTopic {
  _id: string;
  pending: number;
  oldest: Date | null;
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
        ...(opts.metrics ? { metrics: opts.metrics } : {}),
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
        ...(opts.metrics ? { metrics: opts.metrics } : {}),
      });
    }
    const { metrics } = opts;
    if (metrics && opts.outboxModels?.length) {
      metrics.addCollector(() => this.sampleOutbox(metrics));
    }
    if (metrics && this.consumer) metrics.addCollector(() => this.sampleLag(metrics));
  }

  /**
   * The events waiting in the outbox, by topic, and the age of each topic's oldest: one aggregation
   * per outbox collection over the few documents flagged pending (the `_outboxPending` index).
   */
  private async sampleOutbox(metrics: ServiceMetrics): Promise<void> {
    const totals = new Map<string, { pending: number; oldest: number }>();
    for (const model of this.opts.outboxModels ?? []) {
      const rows = await model.collection
        .aggregate<PendingByTopic>([
          { $match: { _outboxPending: true } },
          { $project: { _outbox: 1 } },
          { $unwind: '$_outbox' },
          {
            $group: {
              _id: '$_outbox.topic',
              pending: { $sum: 1 },
              oldest: { $min: '$_outbox.createdAt' },
            },
          },
        ])
        .toArray();
      for (const row of rows) {
        const t = totals.get(row._id) ?? { pending: 0, oldest: Infinity };
        t.pending += row.pending;
        if (row.oldest) t.oldest = Math.min(t.oldest, new Date(row.oldest).getTime());
        totals.set(row._id, t);
      }
    }
    const now = Date.now();
    metrics.outboxPending.reset();
    metrics.outboxOldestAge.reset();
    // Every topic this service publishes to shows, at 0 when nothing waits.
    for (const topic of allTopics) {
      const t = totals.get(topic);
      if (!t && !metrics.publishedTopics.has(topic)) continue;
      metrics.outboxPending.set({ topic }, t?.pending ?? 0);
      metrics.outboxOldestAge.set(
        { topic },
        t && Number.isFinite(t.oldest) ? Math.max(0, now - t.oldest) / 1000 : 0,
      );
    }
  }

  /**
   * Consumer lag per topic-partition: the broker's high watermark minus the group's committed
   * offset (the low watermark where the group has committed nothing yet). Two admin requests per
   * topic, at most every 10 s and only when scraped.
   */
  private async sampleLag(metrics: ServiceMetrics): Promise<void> {
    const consumer = this.consumer;
    if (!consumer || !this.adminConnected) return;
    const topics = consumer.topics;
    const committed = await this.admin.fetchOffsets({
      groupId: consumer.groupName,
      topics: topics.map((t) => t.name),
    });
    const rows: Array<{ topic: string; partition: string; lag: number }> = [];
    for (const { name, topic } of topics) {
      const ends = await this.admin.fetchTopicOffsets(name);
      const mine = committed.find((c) => c.topic === name)?.partitions ?? [];
      for (const end of ends) {
        const at = Number(mine.find((p) => p.partition === end.partition)?.offset ?? -1);
        const from = at >= 0 ? at : Number(end.low);
        rows.push({
          topic,
          partition: String(end.partition),
          lag: Math.max(0, Number(end.high) - from),
        });
      }
    }
    metrics.consumerLag.reset();
    for (const r of rows)
      metrics.consumerLag.set({ topic: r.topic, partition: r.partition }, r.lag);
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
