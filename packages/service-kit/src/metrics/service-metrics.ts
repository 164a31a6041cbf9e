import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets (seconds) for HTTP calls and event handlers: 5 ms up to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Database operations are mostly fast: 1 ms up to 5 s. */
const DB_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * The default Node process metrics (CPU, memory, event-loop lag, GC, handles), collected once per
 * process: a process that hosts several services (a test file) shares one set of collectors, which
 * each service's exposition shows under its own name.
 */
let processDefaults: Registry | undefined;
/**
 * How often the event-loop delay histogram samples (ms). prom-client's default, 10 ms, is a timer
 * that wakes an idle process 100 times a second (0.4% of a core per process on a busy 2-core
 * machine, against 0.05% at 100 ms); every block of the loop longer than this still shows.
 */
const EVENT_LOOP_SAMPLE_MS = 100;
function processRegistry(): Registry {
  if (!processDefaults) {
    processDefaults = new Registry();
    collectDefaultMetrics({
      register: processDefaults,
      eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS,
    });
  }
  return processDefaults;
}

/**
 * Every metric a Swapbooth process exposes, in one registry per service (a process runs one; a test
 * process may run several), each sample labelled with the service's name. Names and units follow Prometheus
 * conventions (`_total`, `_seconds`); every label takes its values from a small fixed set (route
 * templates, contract topic names, event types, collection names, status classes), never an id.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  // HTTP (service-kit's createApp)
  readonly httpRequests: Counter<'method' | 'route' | 'status_class'>;
  readonly httpErrors: Counter<'method' | 'route' | 'status_class'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;

  // Events: the outbox relay
  readonly outboxPending: Gauge<'topic'>;
  readonly outboxOldestAge: Gauge<'topic'>;
  readonly relayPublishDuration: Histogram;
  readonly eventsPublished: Counter<'topic' | 'event_type'>;
  readonly outboxDelay: Histogram<'topic'>;

  // Events: the consumer group
  readonly eventsConsumed: Counter<'topic' | 'handler'>;
  readonly eventsFailed: Counter<'topic' | 'handler'>;
  readonly eventsDeadLettered: Counter<'topic' | 'handler'>;
  readonly handlerDuration: Histogram<'topic' | 'handler'>;
  readonly consumerLag: Gauge<'topic' | 'partition'>;

  // Database and Redis
  readonly dbPoolInUse: Gauge;
  readonly dbPoolWaiting: Gauge;
  readonly dbOperationDuration: Histogram<'collection' | 'kind'>;
  readonly dbOperationErrors: Counter<'collection' | 'kind'>;
  readonly redisCommandErrors: Counter<'command'>;
  readonly redisConnectionErrors: Counter;

  // The business, sparingly
  readonly proposals: Counter<'outcome'>;
  readonly circlesProposed: Counter;
  readonly signInThrottles: Counter;
  readonly streamConnections: Gauge;

  constructor(
    readonly service: string,
    { defaults = true }: { defaults?: boolean } = {},
  ) {
    const registers = [this.registry];
    const http = ['method', 'route', 'status_class'] as const;
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status class',
      labelNames: http,
      registers,
    });
    this.httpErrors = new Counter({
      name: 'http_request_errors_total',
      help: 'HTTP requests answered with a server error (5xx)',
      labelNames: http,
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its response being sent (event streams excluded)',
      labelNames: http,
      buckets: LATENCY_BUCKETS,
      registers,
    });

    this.outboxPending = new Gauge({
      name: 'outbox_pending_events',
      help: 'Events stored with their aggregates and not yet published, by topic',
      labelNames: ['topic'],
      registers,
    });
    this.outboxOldestAge = new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest event not yet published, by topic',
      labelNames: ['topic'],
      registers,
    });
    this.relayPublishDuration = new Histogram({
      name: 'outbox_relay_publish_duration_seconds',
      help: "Time the broker took to accept one aggregate's pending events",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.eventsPublished = new Counter({
      name: 'events_published_total',
      help: 'Events the outbox relay published, by topic and event type',
      labelNames: ['topic', 'event_type'],
      registers,
    });
    this.outboxDelay = new Histogram({
      name: 'outbox_event_delay_seconds',
      help: 'Time from an event being stored to its publication',
      labelNames: ['topic'],
      buckets: LATENCY_BUCKETS,
      registers,
    });

    const byHandler = ['topic', 'handler'] as const;
    this.eventsConsumed = new Counter({
      name: 'events_consumed_total',
      help: 'Events a handler completed, by topic and handler (the event type it answers)',
      labelNames: byHandler,
      registers,
    });
    this.eventsFailed = new Counter({
      name: 'events_failed_total',
      help: 'Failed handler attempts (each retry counts), by topic and handler',
      labelNames: byHandler,
      registers,
    });
    this.eventsDeadLettered = new Counter({
      name: 'events_dead_lettered_total',
      help: 'Messages sent to a dead-letter topic, by topic and handler',
      labelNames: byHandler,
      registers,
    });
    this.handlerDuration = new Histogram({
      name: 'event_handler_duration_seconds',
      help: 'Time a handler took on one event, retries included, by topic and handler',
      labelNames: byHandler,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.consumerLag = new Gauge({
      name: 'kafka_consumer_lag_messages',
      help: "Messages between the consumer group's committed offset and the high watermark",
      labelNames: ['topic', 'partition'],
      registers,
    });

    this.dbPoolInUse = new Gauge({
      name: 'mongodb_pool_connections_in_use',
      help: 'Connections of the database pool checked out by an operation',
      registers,
    });
    this.dbPoolWaiting = new Gauge({
      name: 'mongodb_pool_waiting_requests',
      help: 'Operations waiting for a connection of the database pool',
      registers,
    });
    this.dbOperationDuration = new Histogram({
      name: 'mongodb_operation_duration_seconds',
      help: 'Database command round trips, by collection and kind (find, update, ...)',
      labelNames: ['collection', 'kind'],
      buckets: DB_BUCKETS,
      registers,
    });
    this.dbOperationErrors = new Counter({
      name: 'mongodb_operation_errors_total',
      help: 'Database commands that failed, by collection and kind',
      labelNames: ['collection', 'kind'],
      registers,
    });
    this.redisCommandErrors = new Counter({
      name: 'redis_command_errors_total',
      help: 'Redis commands that failed, by command',
      labelNames: ['command'],
      registers,
    });
    this.redisConnectionErrors = new Counter({
      name: 'redis_connection_errors_total',
      help: 'Errors on the Redis connection (refused, reset, timed out)',
      registers,
    });

    this.proposals = new Counter({
      name: 'swapbooth_proposals_total',
      help: 'Exchange proposals by what happened to them (created, accepted, completed)',
      labelNames: ['outcome'],
      registers,
    });
    this.circlesProposed = new Counter({
      name: 'swapbooth_circles_proposed_total',
      help: 'Trade circles proposed to their members',
      registers,
    });
    this.signInThrottles = new Counter({
      name: 'swapbooth_sign_in_throttles_total',
      help: 'Sign-in attempts refused by the throttle',
      registers,
    });
    this.streamConnections = new Gauge({
      name: 'swapbooth_stream_connections',
      help: 'Open Server-Sent Events connections',
      registers,
    });
    this.output = defaults ? Registry.merge([this.registry, processRegistry()]) : this.registry;
    this.output.setDefaultLabels({ service });
  }

  /** What a scrape reads: this service's metrics and the process's, each labelled with the service. */
  private readonly output: Registry;

  /** Topics this process has published to (their backlog shows, at 0 when empty). */
  readonly publishedTopics = new Set<string>();

  /** Counts a published event; those that are business facts count there too. */
  countPublished(topic: string, eventType: string): void {
    this.publishedTopics.add(topic);
    this.eventsPublished.inc({ topic, event_type: eventType });
    const proposal = PROPOSAL_OUTCOMES[eventType];
    if (proposal) this.proposals.inc({ outcome: proposal });
    if (eventType === 'circle.proposed') this.circlesProposed.inc();
  }

  private readonly collectors: Array<{
    sample: () => Promise<void>;
    everyMs: number;
    at: number;
    running?: Promise<void>;
  }> = [];

  /**
   * Runs `sample` before a scrape (to set gauges read from elsewhere: the outbox, the broker), at
   * most once every `everyMs`; a failing sample keeps the previous values.
   */
  addCollector(sample: () => Promise<void>, everyMs = 10_000): void {
    this.collectors.push({ sample, everyMs, at: 0 });
  }

  /** The exposition text (Prometheus format), after the due collectors have sampled. */
  async text(): Promise<string> {
    const now = Date.now();
    await Promise.all(
      this.collectors.map(async (c) => {
        if (!c.running && now - c.at < c.everyMs) return;
        c.running ??= c
          .sample()
          .catch(() => undefined)
          .finally(() => {
            c.at = Date.now();
            c.running = undefined;
          });
        await c.running;
      }),
    );
    return this.output.metrics();
  }

  get contentType(): string {
    return this.output.contentType;
  }
}

const PROPOSAL_OUTCOMES: Record<string, string> = {
  'proposal.created': 'created',
  'proposal.accepted': 'accepted',
  'proposal.completed': 'completed',
};
