import type { Express } from 'express';
import type { Connection, Model } from 'mongoose';
import type { Redis } from 'ioredis';
import {
  connectMongo,
  MONGO_CLIENT_OPTIONS,
  watchMongo,
  createApp,
  createLogger,
  createRedis,
  instrumentMongo,
  recordMongoCommands,
  instrumentRedis,
  metricsPortFor,
  pingMongo,
  pingRedis,
  readPublicKey,
  revocationChecker,
  DenyListCache,
  serve,
  serveMetrics,
  ServiceMetrics,
  type BaseConfig,
  type HealthCheck,
  type Logger,
  type RunningServer,
  type TokenVerifierOptions,
} from '@swapbooth/service-kit';
import {
  busConfigOf,
  ServiceBus,
  type RelayOptions,
  type Subscription,
} from '@swapbooth/event-bus';
import { syncDeclaredIndexes } from './indexes';

export type RuntimeConfig = BaseConfig & { PORT: number };

/** What a service's code gets once its connections are up. */
export interface ServiceContext<C extends RuntimeConfig = RuntimeConfig> {
  name: string;
  config: Readonly<C>;
  logger: Logger;
  conn: Connection;
  redis: Redis;
  /** The service's event plumbing (set before subscriptions run; use it lazily inside `deps`). */
  bus: ServiceBus;
  /**
   * Call after a write that stored outbox events: the relay publishes them now rather than at its
   * next sweep. Safe to hand to repositories while dependencies are being built.
   */
  eventsWritten: () => void;
  /** Token verification settings for member tokens (RS256, iss/aud/typ pinned, deny-list checked). */
  memberTokens: TokenVerifierOptions;
  /** Token verification settings for admin tokens. */
  adminTokens: TokenVerifierOptions;
  /**
   * The process's Prometheus metrics (service-kit's ServiceMetrics): a service counts its few
   * business facts here (sign-in throttles, stream connections); the runtime wires the rest.
   */
  metrics: ServiceMetrics;
}

/**
 * A service, declared: its models, how its dependencies are built, and what it does with them.
 * `deps(ctx)` runs once, after the connections are up and before anything else, and its result
 * is handed to subscriptions, routes, readiness checks and start/stop hooks — no service keeps
 * a cache of its own dependencies.
 */
export interface ServiceDefinition<C extends RuntimeConfig, D = undefined> {
  name: string;
  config: Readonly<C>;
  /** Registers mongoose models on the connection; returns those with an outbox. */
  models?: (conn: Connection) => Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Builds the repositories, clients and use cases the rest of the definition receives. */
  deps?: (ctx: ServiceContext<C>) => D;
  /** Every topic this service consumes, in one list. */
  subscriptions?: (deps: D, ctx: ServiceContext<C>) => Subscription[];
  routes: (app: Express, deps: D, ctx: ServiceContext<C>) => void;
  /** Extra readiness checks beyond database, Redis and broker. */
  readiness?: (deps: D, ctx: ServiceContext<C>) => Record<string, HealthCheck>;
  /** Runs after connections are up and before HTTP listens (seed data, warm caches). */
  onStart?: (deps: D, ctx: ServiceContext<C>) => Promise<void>;
  /** Runs at shutdown before connections close. */
  onStop?: (deps: D, ctx: ServiceContext<C>) => Promise<void>;
  beforeBody?: (app: Express, deps: D, ctx: ServiceContext<C>) => void;
  relay?: Partial<Pick<RelayOptions, 'pollIntervalMs' | 'leaseMs' | 'afterPublish'>>;
  /** Listen on this port instead of config.PORT (tests pass 0). */
  port?: number;
  /** Serve metrics on this port (default METRICS_PORT, else the port + 1000; 0 with port 0). */
  metricsPort?: number;
  handleSignals?: boolean;
}

/** What tests and entry points may override when they start a service. */
export type RuntimeOverrides = Partial<
  Pick<ServiceDefinition<RuntimeConfig>, 'port' | 'metricsPort' | 'handleSignals' | 'relay'>
>;

export interface RunningService<
  C extends RuntimeConfig = RuntimeConfig,
  D = unknown,
> extends RunningServer {
  ctx: ServiceContext<C>;
  deps: D;
  url: string;
  /** Where its Prometheus metrics are read (`…/metrics`); absent with METRICS_ENABLED=false. */
  metricsUrl?: string;
}

/**
 * Boots a service: its own database (with the indexes its schemas declare), Redis, topics, outbox
 * relay and consumers, then HTTP with /healthz and /readyz; stop() drains HTTP, stops consumers,
 * flushes the relay, closes connections.
 */
export async function startServiceRuntime<C extends RuntimeConfig, D = undefined>(
  def: ServiceDefinition<C, D>,
): Promise<RunningService<C, D>> {
  const { config } = def;
  const logger = createLogger(def.name, config.LOG_LEVEL, config.LOG_FORMAT);
  const dbName = `${config.MONGO_DB_PREFIX}${def.name}`;
  // Indexes are built below, once every model (the deps' and the bus's too) is registered.
  const metricsOn = config.METRICS_ENABLED;
  const metrics = new ServiceMetrics(def.name, { defaults: metricsOn });
  const conn = await connectMongo(config.MONGO_URL, dbName, logger, { autoIndex: false });
  // Each command's duration in the metrics and its span in the active trace (tracing on).
  if (metricsOn) instrumentMongo(conn, metrics);
  else recordMongoCommands(dbName);
  const connWatch = watchMongo(conn, config.MONGO_URL, logger, {
    clientOptions: MONGO_CLIENT_OPTIONS,
  });
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  if (metricsOn) instrumentRedis(redis, metrics);
  const outboxModels = def.models?.(conn) ?? [];
  await Promise.all(Object.values(conn.models).map((m) => m.init()));

  const publicKey = readPublicKey(config);
  const denyList = new DenyListCache(redis, logger);
  const isRevoked = revocationChecker(redis, denyList);
  const memberTokens: TokenVerifierOptions = {
    publicKey,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    type: 'access',
    isRevoked,
  };
  const adminTokens: TokenVerifierOptions = {
    publicKey,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_ADMIN_AUDIENCE,
    type: 'admin',
    isRevoked,
  };

  // The bus needs the handlers, the handlers need the dependencies and the dependencies may kick
  // the bus: the context is built first, the bus is attached to it last.
  const ctx = {
    name: def.name,
    config,
    logger,
    conn,
    redis,
    memberTokens,
    adminTokens,
    metrics,
  } as ServiceContext<C>;
  // Before the bus exists nothing has been written yet: the relay's first sweep finds it all.
  ctx.eventsWritten = () => ctx.bus?.kick();
  const deps = (def.deps ? def.deps(ctx) : undefined) as D;
  const bus = new ServiceBus({
    service: def.name,
    config: busConfigOf(config, def.name),
    logger,
    conn,
    outboxModels,
    subscriptions: def.subscriptions?.(deps, ctx) ?? [],
    ...(def.relay ? { relay: def.relay } : {}),
    ...(metricsOn ? { metrics } : {}),
  });
  ctx.bus = bus;
  const started = bus;
  try {
    await syncDeclaredIndexes(conn, logger);
    await started.start({
      consumersInBackground: config.KAFKA_CONSUMERS_START === 'background',
    });
    await def.onStart?.(deps, ctx);
  } catch (err) {
    // A service that cannot start leaves nothing open behind it.
    await started.stop().catch(() => undefined);
    denyList.close();
    redis.disconnect();
    await connWatch.stop();
    await conn.close().catch(() => undefined);
    throw err;
  }

  const app = createApp({
    service: def.name,
    logger,
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    ...(metricsOn ? { metrics } : {}),
    readiness: {
      database: () => pingMongo(conn),
      redis: () => pingRedis(redis),
      broker: () => started.ping(),
      ...def.readiness?.(deps, ctx),
    },
    routes: (a) => def.routes(a, deps, ctx),
    ...(def.beforeBody ? { beforeBody: (a: Express) => def.beforeBody!(a, deps, ctx) } : {}),
  });

  const port = def.port ?? config.PORT;
  const metricsPort = metricsPortFor(
    port,
    def.metricsPort ?? (port === 0 ? 0 : config.METRICS_PORT),
  );
  // A port that cannot be had costs the metrics, not the service.
  const metricsServer = metricsOn
    ? await serveMetrics(metrics, { port: metricsPort, host: config.HOST, logger }).catch(
        (err: unknown) => {
          logger.error(
            { err: (err as Error).message, port: metricsPort },
            'metrics port unavailable; serving without metrics',
          );
          return undefined;
        },
      )
    : undefined;
  let running: RunningServer;
  try {
    running = await serve({
      app,
      port,
      host: config.HOST,
      logger,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      handleSignals: def.handleSignals ?? false,
      onStop: [
        async () => def.onStop?.(deps, ctx),
        () => started.stop(),
        async () => {
          denyList.close();
          redis.disconnect();
        },
        async () => {
          await connWatch.stop();
          await conn.close();
        },
        async () => metricsServer?.stop(),
      ],
    });
  } catch (err) {
    await metricsServer?.stop();
    throw err;
  }
  return {
    ...running,
    ctx,
    deps,
    url: `http://${config.HOST}:${running.port}`,
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
  };
}
