import type { EventData, EventEnvelope, EventType, TopicName } from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import { eventually, startServiceUnderTest, type Env, type EventTap } from '@swapbooth/test-kit';
import { loadSearchConfig, type SearchConfig } from '../../src/config';
import type { SearchDeps } from '../../src/deps';
import { startSearchService } from '../../src/service';
import { Api } from './http';

export interface PublishOptions {
  /** Kafka key and envelope subject; defaults to the aggregate id found in the payload. */
  subject?: string;
  /** Overrides when the event happened (events without versions are ordered by it). */
  occurredAt?: Date;
}

export interface SearchHarness {
  api: Api;
  config: Readonly<SearchConfig>;
  service: RunningService<SearchConfig, SearchDeps>;
  /** Publishes an event the way its producing service does; resolves to the envelope sent. */
  publish<K extends EventType>(
    type: K,
    data: EventData<K>,
    opts?: PublishOptions,
  ): Promise<EventEnvelope<K>>;
  /** Sends an envelope as is (a redelivery keeps its id). */
  send(envelope: EventEnvelope): Promise<void>;
  /** Waits until the search consumer has handled (or skipped as a duplicate) an event. */
  handled(envelope: EventEnvelope): Promise<void>;
  /** A started tap on some of the service's topics (what it publishes), stopped at stop. */
  tap(topics: readonly TopicName[]): Promise<EventTap>;
  /** Another process of the service: same database and topics, the same consumer group. */
  startReplica(): Promise<RunningService<SearchConfig, SearchDeps>>;
  /** Stops and starts the service on the same database and topics. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function subjectOf(data: Record<string, unknown>): string {
  for (const key of ['productId', 'boothId', 'ratingId', 'userId']) {
    const value = data[key];
    if (typeof value === 'string') return value;
  }
  throw new Error('no aggregate id in the event payload');
}

/**
 * Starts search in this process against the real servers, with topics (created before it starts)
 * and a database of its own, and a producer for its inputs.
 */
export async function startSearch(env: Env = {}): Promise<SearchHarness> {
  const sut = await startServiceUnderTest({
    name: 'search',
    loadConfig: loadSearchConfig,
    start: startSearchService,
    env,
    isolated: { partitions: 3 },
    createTopics: true,
  });
  const events = await sut.publisher();
  const send = (envelope: EventEnvelope) => events.send(envelope);
  const harness: SearchHarness = {
    api: new Api(sut.url),
    config: sut.config,
    service: sut.service,
    async publish(type, data, opts = {}) {
      const subject = opts.subject ?? subjectOf(data as Record<string, unknown>);
      const envelope = events.event(type, subject, data, opts.occurredAt);
      await send(envelope as EventEnvelope);
      return envelope;
    },
    send,
    async handled(envelope) {
      const processed = harness.service.ctx.conn.collection<{ _id: string }>('processed_events');
      await eventually(() => processed.findOne({ _id: `search:${envelope.id}` }), 15_000);
    },
    tap: (topics) => sut.tap(topics),
    startReplica: () => sut.startReplica(),
    async restart() {
      harness.service = await sut.restart();
      harness.api = new Api(harness.service.url);
    },
    stop: sut.stop,
  };
  return harness;
}
