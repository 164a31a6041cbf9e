import type { Connection, Model } from 'mongoose';
import type { Span } from '@opentelemetry/api';
import { Partitioners, type Kafka, type Producer, type RecordMetadata } from 'kafkajs';
import type { Logger, ServiceMetrics } from '@swapbooth/service-kit';
import { topicName, type BusConfig } from './kafka';
import {
  OUTBOX_PENDING_COLLECTION,
  takeMissedMarkers,
  type OutboxEntry,
  type PendingMarker,
} from './outbox';
import { busTraced, traceBus } from './trace';
import { endSpans, startPublishSpan, untraced } from './tracing';

export interface RelayOptions {
  kafka: Kafka;
  bus: Pick<BusConfig, 'prefix'>;
  /** Models using outboxPlugin. */
  models: Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  logger: Logger;
  /**
   * The safety sweep: how often the relay looks at the pending records on its own. Writes in this
   * process call kick() and are published at once; the sweep picks up what failed to publish,
   * what another replica left behind and leases that ran out.
   */
  pollIntervalMs?: number;
  /**
   * How often the sweep also reads every outbox collection in full (and once at start), to find
   * an aggregate whose pending record was never written (a crash between the two writes).
   */
  fullScanIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** Names the relay in traces (the service). */
  name?: string;
  /** Publish latency, events published and their delay since being stored. */
  metrics?: ServiceMetrics;
  /** Test seam: runs after a publish and before the events are cleared (a crash here re-publishes). */
  afterPublish?: (entries: OutboxEntry[]) => Promise<void> | void;
}

export const DEFAULT_SWEEP_MS = 5_000;
export const DEFAULT_FULL_SCAN_MS = 5 * 60_000;

interface Claimed {
  _id: unknown;
  _outbox?: OutboxEntry[];
  _outboxPending?: boolean;
  _outboxLeaseUntil?: Date | null;
}

/** How many published event ids the relay remembers (see `sentLately`). */
const SENT_KEPT = 10_000;

/** The event a pending record names: the last part of its id (`<collection>:<aggregate>:<event>`). */
const eventIdOf = (m: PendingMarker): string =>
  String(m._id).slice(String(m._id).lastIndexOf(':') + 1);

const OUTBOX_FIELDS = { _outbox: 1, _outboxPending: 1, _outboxLeaseUntil: 1 } as const;

/** Whether another relay holds the document's lease. */
const leased = (doc: Claimed, now = new Date()) =>
  doc._outboxLeaseUntil != null && doc._outboxLeaseUntil.getTime() > now.getTime();

type AnyModel = Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Publishes pending outbox events with an idempotent producer, then removes them from their document.
 * A crash between the two re-publishes on the next run: consumers are idempotent, so that is allowed.
 *
 * Pending aggregates are found through the small pending-records collection and read by `_id`, so a
 * write's events go out without a query over the aggregates; a full pass over every outbox
 * collection (by the `_outboxPending` index) runs only at start and every `fullScanIntervalMs`.
 */
export class OutboxRelay {
  private producer: Producer;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private cycle: Promise<void> | undefined;
  private again = false;
  private connected = false;
  private fullScanDue = true;
  private lastFullScan = 0;
  /** Outbox models by connection, then by collection name. */
  private readonly byConnection = new Map<Connection, Map<string, AnyModel>>();
  /**
   * Ids of events this relay published and cleared lately. A pending record names its write's
   * first event: when that one went out (with the rest of its write, stored in the same update),
   * the record is removed without reading the aggregate again (two writes in quick succession are
   * often sent together, and the second one's record is then found afterwards).
   */
  private readonly sentLately = new Set<string>();

  constructor(private readonly opts: RelayOptions) {
    this.producer = opts.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
    for (const model of opts.models) {
      const byName = this.byConnection.get(model.db) ?? new Map<string, AnyModel>();
      byName.set(model.collection.collectionName, model);
      this.byConnection.set(model.db, byName);
    }
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
    // Not part of the request whose write kicked it: each event's publish span has its own parent.
    this.cycle = untraced(() => this.drain())
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
    for (const conn of this.byConnection.keys()) {
      if (takeMissedMarkers(conn)) this.fullScanDue = true;
    }
    if (this.fullScanDue) {
      this.fullScanDue = false;
      this.lastFullScan = Date.now();
      try {
        for (const byName of this.byConnection.values()) {
          for (const model of byName.values()) sent += await this.scan(model);
        }
      } catch (err) {
        this.fullScanDue = true;
        throw err;
      }
    }
    for (const [conn, byName] of this.byConnection) sent += await this.drainMarked(conn, byName);
    return sent;
  }

  /** Works through the pending records of one database, aggregate by aggregate. */
  private async drainMarked(conn: Connection, byName: Map<string, AnyModel>): Promise<number> {
    const pending = conn.collection<PendingMarker>(OUTBOX_PENDING_COLLECTION);
    const batch = this.opts.batchSize ?? 100;
    let sent = 0;
    for (let round = 0; round < 10; round++) {
      // Small by design (a record lives from a write until its events are out): read it all.
      const markers = await pending.find({}, { limit: batch }).toArray();
      if (markers.length === 0) break;
      const groups = new Map<string, PendingMarker[]>();
      for (const m of markers) {
        const key = `${m.c}\u0000${m.a === undefined ? '*' : String(m.a)}`;
        groups.set(key, [...(groups.get(key) ?? []), m]);
      }
      // The records of every aggregate seen with nothing pending, removed in one write.
      const finished: unknown[] = [];
      for (const group of groups.values()) {
        const { c, a } = group[0]!;
        const model = byName.get(c);
        let done: boolean;
        if (!model) {
          this.opts.logger.warn({ collection: c }, 'pending outbox record for an unknown model');
          done = true;
        } else if (a === undefined) {
          sent += await this.scan(model);
          done = true;
        } else if (group.every((m) => this.sentLately.has(eventIdOf(m)))) {
          done = true;
        } else {
          const r = await this.drainOne(model, a);
          sent += r.sent;
          done = r.done;
        }
        if (done) finished.push(...group.map((m) => m._id));
      }
      if (finished.length) await pending.deleteMany({ _id: { $in: finished } } as object);
      // Records left are under another relay's lease: a later sweep looks again.
      if (finished.length === 0 || markers.length < batch) break;
    }
    return sent;
  }

  /**
   * Publishes one aggregate's pending events until it is seen with none. Every read and write
   * names the document by `_id`: the read takes the lease in the same command (only while no other
   * relay holds one), and the events sent are cleared together with the pending flag only if the
   * outbox is still exactly what was read, so it cannot race with a new write. Two commands for an
   * aggregate whose events go out in one round. `done` is false while another relay holds the
   * aggregate's lease: its pending record stays until then.
   */
  private async drainOne(model: AnyModel, id: unknown): Promise<{ sent: number; done: boolean }> {
    const byId = { _id: id } as object;
    let sent = 0;
    for (let i = 0; i < 20; i++) {
      const now = new Date();
      const before = (await model.collection.findOneAndUpdate(
        {
          _id: id,
          _outboxPending: true,
          $or: [{ _outboxLeaseUntil: null }, { _outboxLeaseUntil: { $lte: now } }],
        } as object,
        { $set: { _outboxLeaseUntil: new Date(now.getTime() + (this.opts.leaseMs ?? 10_000)) } },
        { returnDocument: 'before', projection: OUTBOX_FIELDS },
      )) as Claimed | null;
      if (!before) {
        // Nothing claimed: gone, nothing pending, or under another relay's lease (which says so).
        const doc = (await model.collection.findOne(byId, {
          projection: OUTBOX_FIELDS,
        })) as Claimed | null;
        if (!doc || !doc._outboxPending) return { sent, done: true };
        if (leased(doc)) return { sent, done: false };
        continue; // a lease ran out between the two reads
      }
      const entries = before._outbox ?? [];
      if (entries.length > 0) sent += await this.publish(model, before);
      // The outbox exactly as read (the raw driver keeps the stored field order an exact match
      // needs): emptied and no longer pending in one write. Entries appended meanwhile make it
      // miss: then only those sent are pulled, and the aggregate is read again.
      const cleared = await model.collection.updateOne(
        { _id: id, _outbox: entries } as object,
        { $set: { _outbox: [], _outboxPending: false, _outboxLeaseUntil: null } } as object,
      );
      if (cleared.matchedCount === 1) {
        this.noteSent(entries);
        return { sent, done: true };
      }
      await model.collection.updateOne(byId, {
        $pullAll: { _outbox: entries },
        $set: { _outboxLeaseUntil: null },
      } as object);
      this.noteSent(entries);
    }
    return { sent, done: false };
  }

  private noteSent(entries: readonly OutboxEntry[]): void {
    for (const e of entries) {
      if (this.sentLately.size >= SENT_KEPT) {
        this.sentLately.delete(this.sentLately.values().next().value!);
      }
      this.sentLately.add(e.id);
    }
  }

  /**
   * The full pass (at start and every `fullScanIntervalMs`): the aggregates flagged pending in
   * one read of the collection, then each by `_id`.
   */
  private async scan(model: AnyModel): Promise<number> {
    let sent = 0;
    const batch = this.opts.batchSize ?? 100;
    for (let round = 0; round < 100; round++) {
      const found = await model.collection
        .find({ _outboxPending: true } as object, { projection: { _id: 1 }, limit: batch })
        .toArray();
      let progress = false;
      for (const { _id } of found) {
        const r = await this.drainOne(model, _id);
        sent += r.sent;
        progress ||= r.done;
      }
      if (found.length < batch || !progress) break;
    }
    return sent;
  }

  /** Sends the document's events (the caller then removes exactly those and releases the lease). */
  private async publish(model: AnyModel, doc: Claimed): Promise<number> {
    const entries = doc._outbox ?? [];
    if (entries.length > 0) {
      const byTopic = new Map<string, OutboxEntry[]>();
      for (const e of entries) byTopic.set(e.topic, [...(byTopic.get(e.topic) ?? []), e]);
      // One publish span per event, continuing the trace it was stored in; its context goes out
      // in the message's headers (`traceparent`) for the consumers.
      const spans: Span[] = [];
      const topicMessages = [...byTopic].map(([topic, list]) => {
        const name = topicName(this.opts.bus, topic);
        return {
          topic: name,
          messages: list.map((e) => {
            const headers: Record<string, string> = { 'event-id': e.id, 'event-type': e.type };
            spans.push(startPublishSpan(e, { name, contract: topic }, headers));
            return { key: e.key, value: e.value, headers };
          }),
        };
      });
      const sendStarted = performance.now();
      let results: RecordMetadata[];
      try {
        results = await this.producer.sendBatch({ acks: -1, topicMessages });
      } catch (err) {
        endSpans(spans, err);
        throw err;
      }
      endSpans(spans);
      const metrics = this.opts.metrics;
      if (metrics) {
        const now = Date.now();
        metrics.relayPublishDuration.observe((performance.now() - sendStarted) / 1000);
        for (const e of entries) {
          metrics.countPublished(e.topic, e.type);
          const stored = new Date(e.createdAt).getTime();
          if (Number.isFinite(stored)) {
            metrics.outboxDelay.observe({ topic: e.topic }, Math.max(0, now - stored) / 1000);
          }
        }
      }
      if (busTraced()) {
        // One aggregate's events share its key, so each topic's went to one partition, in order.
        const nth = new Map<string, number>();
        traceBus({
          kind: 'published',
          by: this.opts.name ?? 'relay',
          at: Date.now(),
          events: entries.map((e) => {
            const topic = topicName(this.opts.bus, e.topic);
            const i = nth.get(topic) ?? 0;
            nth.set(topic, i + 1);
            const r = results.find((x) => x.topicName === topic);
            const offset =
              r?.baseOffset === undefined ? '?' : String(BigInt(r.baseOffset) + BigInt(i));
            return {
              id: e.id,
              type: e.type,
              topic,
              value: e.value,
              storedAt: e.createdAt,
              at: `${topic}[${r?.partition ?? '?'}]@${offset}`,
            };
          }),
        });
      }
      await this.opts.afterPublish?.(entries);
    }
    return entries.length;
  }

  private schedule(): void {
    const every = this.opts.pollIntervalMs ?? DEFAULT_SWEEP_MS;
    const fullEvery = this.opts.fullScanIntervalMs ?? DEFAULT_FULL_SCAN_MS;
    this.timer = setInterval(() => {
      if (Date.now() - this.lastFullScan >= fullEvery) this.fullScanDue = true;
      this.kick();
    }, every);
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
