import type { Model } from 'mongoose';
import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import type { Logger } from '@swapbooth/service-kit';
import { topicName, type BusConfig } from './kafka';
import type { OutboxEntry } from './outbox';

export interface RelayOptions {
  kafka: Kafka;
  bus: Pick<BusConfig, 'prefix'>;
  /** Models using outboxPlugin. */
  models: Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  logger: Logger;
  /** Safety-net polling; writes in this process call kick() for immediate delivery. */
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** Test seam: runs after a publish and before the events are cleared (a crash here re-publishes). */
  afterPublish?: (entries: OutboxEntry[]) => Promise<void> | void;
}

interface Claimed {
  _id: unknown;
  _outbox: OutboxEntry[];
}

/**
 * Publishes pending outbox events with an idempotent producer, then removes them from their document.
 * A crash between the two re-publishes on the next run: consumers are idempotent, so that is allowed.
 */
export class OutboxRelay {
  private producer: Producer;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private cycle: Promise<void> | undefined;
  private again = false;
  private connected = false;

  constructor(private readonly opts: RelayOptions) {
    this.producer = opts.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
  }

  async start(): Promise<void> {
    await this.producer.connect();
    this.connected = true;
    this.running = true;
    this.schedule();
    this.kick();
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Publish now (call after a write that added events). */
  kick(): void {
    if (!this.running) return;
    if (this.cycle) {
      this.again = true;
      return;
    }
    this.cycle = this.drain()
      .then(() => undefined)
      .catch((err) =>
        this.opts.logger.warn({ err: (err as Error).message }, 'outbox relay cycle failed'),
      )
      .finally(() => {
        this.cycle = undefined;
        if (this.again && this.running) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Publishes everything pending now; returns the number of events sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (const model of this.opts.models) {
      for (let i = 0; i < (this.opts.batchSize ?? 100); i++) {
        const doc = await this.claim(model);
        if (!doc) break;
        sent += await this.publish(model, doc);
      }
    }
    return sent;
  }

  private async claim(model: Model<unknown>): Promise<Claimed | null> {
    const now = new Date();
    return (await model
      .findOneAndUpdate(
        {
          _outboxPending: true,
          $or: [{ _outboxLeaseUntil: null }, { _outboxLeaseUntil: { $lt: now } }],
        },
        { $set: { _outboxLeaseUntil: new Date(now.getTime() + (this.opts.leaseMs ?? 10_000)) } },
        { returnDocument: 'after' },
      )
      .lean()
      .exec()) as Claimed | null;
  }

  private async publish(model: Model<unknown>, doc: Claimed): Promise<number> {
    const entries = doc._outbox ?? [];
    if (entries.length > 0) {
      const byTopic = new Map<string, OutboxEntry[]>();
      for (const e of entries) byTopic.set(e.topic, [...(byTopic.get(e.topic) ?? []), e]);
      await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic: topicName(this.opts.bus, topic),
          messages: list.map((e) => ({
            key: e.key,
            value: e.value,
            headers: { 'event-id': e.id, 'event-type': e.type },
          })),
        })),
      });
      await this.opts.afterPublish?.(entries);
    }
    // $pullAll with the entries exactly as read: FerretDB ignores conditional $pull, and the raw
    // driver keeps the stored field order that an exact match needs. Entries appended meanwhile stay.
    await model.collection.updateOne(
      { _id: doc._id } as object,
      {
        $pullAll: { _outbox: entries },
        $set: { _outboxLeaseUntil: null },
      } as object,
    );
    // Only clears the flag if nothing new was appended meanwhile (one-document condition, atomic).
    await model.collection.updateOne({ _id: doc._id, _outbox: { $size: 0 } } as object, {
      $set: { _outboxPending: false },
    });
    return entries.length;
  }

  private schedule(): void {
    const every = this.opts.pollIntervalMs ?? 500;
    this.timer = setInterval(() => this.kick(), every);
    this.timer.unref();
  }

  /** Stops polling, publishes what is still pending, disconnects. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.cycle;
    this.running = false;
    try {
      if (this.connected) await this.drain();
    } finally {
      await this.producer.disconnect();
      this.connected = false;
    }
  }
}
