import type { Express } from 'express';
import type { Connection, Model } from 'mongoose';
import type { Redis } from 'ioredis';
import {
  connectMongo,
  createApp,
  createLogger,
  createRedis,
  pingMongo,
  pingRedis,
  readPublicKey,
  revocationChecker,
  serve,
  type BaseConfig,
  type HealthCheck,
  type Logger,
  type RunningServer,
  type TokenVerifierOptions,
} from '@swapbooth/service-kit';
import { ServiceBus } from './bus';
import { busConfigOf } from './kafka';
import type { Subscription } from './consumer';
import type { RelayOptions } from './relay';

export type RuntimeConfig = BaseConfig & { PORT: number };

/** What a service's code gets once its connections are up. */
export interface ServiceContext<C extends RuntimeConfig = RuntimeConfig> {
  name: string;
  config: Readonly<C>;
  logger: Logger;
  conn: Connection;
  redis: Redis;
  bus: ServiceBus;
  /** Token verification settings for member tokens (RS256, iss/aud/typ pinned, deny-list checked). */
  memberTokens: TokenVerifierOptions;
  /** Token verification settings for admin tokens. */
  adminTokens: TokenVerifierOptions;
}

export interface ServiceDefinition<C extends RuntimeConfig> {
  name: string;
  config: Readonly<C>;
  /** Registers mongoose models on the connection; returns those with an outbox. */
  models?: (conn: Connection) => Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Every topic this service consumes, in one list. */
  subscriptions?: (ctx: ServiceContext<C>) => Subscription[];
  routes: (app: Express, ctx: ServiceContext<C>) => void;
  /** Extra readiness checks beyond database, Redis and broker. */
  readiness?: (ctx: ServiceContext<C>) => Record<string, HealthCheck>;
  /** Runs after connections are up and before HTTP listens (seed data, warm caches). */
  onStart?: (ctx: ServiceContext<C>) => Promise<void>;
  /** Runs at shutdown before connections close. */
  onStop?: (ctx: ServiceContext<C>) => Promise<void>;
  beforeBody?: (app: Express, ctx: ServiceContext<C>) => void;
  relay?: Partial<Pick<RelayOptions, 'pollIntervalMs' | 'afterPublish'>>;
  /** Listen on this port instead of config.PORT (tests pass 0). */
  port?: number;
  handleSignals?: boolean;
}

export interface RunningService<C extends RuntimeConfig = RuntimeConfig> extends RunningServer {
  ctx: ServiceContext<C>;
  url: string;
}

/**
 * Boots a service: its own database, Redis, topics, outbox relay and consumers, then HTTP with
 * /healthz and /readyz; stop() drains HTTP, stops consumers, flushes the relay, closes connections.
 */
export async function startServiceRuntime<C extends RuntimeConfig>(
  def: ServiceDefinition<C>,
): Promise<RunningService<C>> {
  const { config } = def;
  const logger = createLogger(def.name, config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, `${config.MONGO_DB_PREFIX}${def.name}`, logger);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  const outboxModels = def.models?.(conn) ?? [];
  await Promise.all(Object.values(conn.models).map((m) => m.init()));

  const publicKey = readPublicKey(config);
  const isRevoked = revocationChecker(redis);
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

  // The bus needs the context for its handlers and the context holds the bus: build in two steps.
  const ctx = {
    name: def.name,
    config,
    logger,
    conn,
    redis,
    memberTokens,
    adminTokens,
  } as ServiceContext<C>;
  const bus = new ServiceBus({
    service: def.name,
    config: busConfigOf(config, def.name),
    logger,
    conn,
    outboxModels,
    subscriptions: def.subscriptions?.(ctx) ?? [],
    ...(def.relay ? { relay: def.relay } : {}),
  });
  ctx.bus = bus;
  try {
    await bus.start();
    await def.onStart?.(ctx);
  } catch (err) {
    // A service that cannot start leaves nothing open behind it.
    await bus.stop().catch(() => undefined);
    redis.disconnect();
    await conn.close().catch(() => undefined);
    throw err;
  }

  const app = createApp({
    service: def.name,
    logger,
    bodyLimit: config.BODY_LIMIT,
    readiness: {
      database: () => pingMongo(conn),
      redis: () => pingRedis(redis),
      broker: () => bus.ping(),
      ...def.readiness?.(ctx),
    },
    routes: (a) => def.routes(a, ctx),
    ...(def.beforeBody ? { beforeBody: (a: Express) => def.beforeBody!(a, ctx) } : {}),
  });

  const running = await serve({
    app,
    port: def.port ?? config.PORT,
    host: config.HOST,
    logger,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    handleSignals: def.handleSignals ?? false,
    onStop: [
      async () => def.onStop?.(ctx),
      () => bus.stop(),
      async () => {
        redis.disconnect();
      },
      () => conn.close(),
    ],
  });
  return { ...running, ctx, url: `http://${config.HOST}:${running.port}` };
}
