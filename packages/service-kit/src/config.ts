import { z } from 'zod';

/**
 * Settings every service shares. A service extends this schema in its own config.ts.
 * This module is the only reader of process.env in the whole code base.
 */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * json: one JSON object per line, for log collectors (the images set it). pretty: one short line
   * per record, for a person. Unset: pretty when stdout is a terminal, json otherwise (npm start's
   * scripts/stack.js reads the services' JSON and prints it the pretty way itself).
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).default(() => (process.stdout.isTTY ? 'pretty' : 'json')),
  HOST: z.string().default('127.0.0.1'),
  MONGO_URL: z.string().default('mongodb://127.0.0.1:27017/'),
  /** Prefix for database names, so test runs never touch the running stack's data. */
  MONGO_DB_PREFIX: z.string().default('swapbooth_'),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  /** Prefix for topic and consumer-group names (test runs use their own). */
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  KAFKA_PARTITIONS: z.coerce.number().int().positive().default(3),
  /** Prefix for consumer-group names only (tests give each test file its own groups). */
  KAFKA_GROUP_PREFIX: z.string().default(''),
  /** Consumers skip events published before this time, in epoch ms (tests: the file's start). */
  KAFKA_CONSUME_FROM: z.coerce.number().int().nonnegative().optional(),
  /**
   * How long the broker holds an idle consumer's fetch. A fetch returns as soon as a message
   * arrives, so this sets how often an idle consumer wakes up (and how long stopping it can take),
   * not how soon events arrive.
   */
  KAFKA_FETCH_WAIT_MS: z.coerce.number().int().positive().default(5000),
  /**
   * How long the broker waits for a silent consumer before it gives that consumer's partitions to
   * the other replicas. A replica that crashed holds its partitions (and every rebalance) this long.
   */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6000).default(10_000),
  /**
   * When a service's consumers join their group: `background` (the default) once HTTP answers, so
   * a replica restarted after a crash serves requests at once while its group rebalances;
   * `before-http` waits for the join first (the component tests, whose first event must not race
   * the join).
   */
  KAFKA_CONSUMERS_START: z.enum(['background', 'before-http']).default('background'),
  /** How often the outbox relay sweeps for pending events on its own (writes publish at once). */
  OUTBOX_SWEEP_MS: z.coerce.number().int().positive().default(5000),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('swapbooth:'),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  JWT_ISSUER: z.string().default('swapbooth-auth'),
  JWT_AUDIENCE: z.string().default('swapbooth-api'),
  JWT_ADMIN_AUDIENCE: z.string().default('swapbooth-admin'),
  BODY_LIMIT: z.string().default('1mb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/** Validates the environment against a schema once, at boot; returns a frozen object or throws naming every bad variable. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): Readonly<z.infer<S>> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return Object.freeze(parsed.data) as Readonly<z.infer<S>>;
}

/** A snapshot of the environment for code that must pass it on (child processes in tests, scripts). */
export const processEnv = (): Record<string, string | undefined> => ({ ...process.env });
