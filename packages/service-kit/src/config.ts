import { isIP } from 'node:net';
import { z } from 'zod';

/** Unset or empty ('' as env files and manifests often leave it) both mean "not configured". */
const optionalSetting = () =>
  z
    .literal('')
    .transform(() => undefined)
    .or(z.string().optional());

/** An IPv4 or IPv6 address, alone or with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe: a number of proxy hops in front of this process, or a
 * list of the proxies' addresses and ranges. Anything else in the header is the client's own word.
 */
export const trustProxySetting = (hops: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): number | string[] => {
      const v = raw?.trim() ?? '';
      if (v === '') return hops;
      if (/^\d+$/.test(v)) return Number(v);
      const entries = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !isAddressOrRange(e));
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a number of proxy hops or a comma-separated list of addresses and ranges (not ${bad.join(', ') || v})`,
        });
        return z.NEVER;
      }
      return entries;
    });

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
  /**
   * TLS to the brokers (true/false; off by default, as the local broker is plaintext). With
   * KAFKA_SSL_CA_FILE (a PEM file) the brokers' certificates are checked against that CA instead
   * of the system's, as for a cluster with its own CA (Strimzi's <cluster>-cluster-ca-cert).
   */
  KAFKA_SSL: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  KAFKA_SSL_CA_FILE: optionalSetting(),
  /**
   * SASL authentication to the brokers: plain (only over TLS), scram-sha-256 or scram-sha-512,
   * with KAFKA_SASL_USERNAME and the password in KAFKA_SASL_PASSWORD or a file named by
   * KAFKA_SASL_PASSWORD_FILE. Unset: no authentication.
   */
  KAFKA_SASL_MECHANISM: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['plain', 'scram-sha-256', 'scram-sha-512'], {
        message: 'must be plain, scram-sha-256 or scram-sha-512',
      })
      .optional(),
  ),
  KAFKA_SASL_USERNAME: optionalSetting(),
  KAFKA_SASL_PASSWORD: optionalSetting(),
  KAFKA_SASL_PASSWORD_FILE: optionalSetting(),
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
  /**
   * The proxies in front of this process whose X-Forwarded-For entries are believed: a number of
   * hops, or their addresses and ranges. A service has one, the gateway, which tells it the
   * client's address; the gateway itself has none by default (see gateway/src/config.ts).
   */
  TRUST_PROXY: trustProxySetting(1),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /**
   * Prometheus metrics on a port of their own (never routed by the gateway): on by default; false
   * leaves out the HTTP timing, the database command monitoring and the metrics port.
   */
  METRICS_ENABLED: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** The metrics port; unset: the process's own port + 1000 (auth 4001 → 5001, gateway 8080 → 9080). */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().nonnegative().max(65535).optional(),
  ),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/** The Kafka TLS and SASL settings (checked here, turned into kafkajs options by the event bus). */
export type KafkaSecuritySettings = Pick<
  BaseConfig,
  | 'KAFKA_SSL'
  | 'KAFKA_SSL_CA_FILE'
  | 'KAFKA_SASL_MECHANISM'
  | 'KAFKA_SASL_USERNAME'
  | 'KAFKA_SASL_PASSWORD'
  | 'KAFKA_SASL_PASSWORD_FILE'
>;

/**
 * The Kafka TLS and SASL settings that do not go together, each as "SETTING: why". Checked after
 * the schema (a refinement on the base schema would keep the services from extending it).
 */
export function kafkaSecurityProblems(c: Partial<KafkaSecuritySettings>): string[] {
  const problems: string[] = [];
  if (c.KAFKA_SSL_CA_FILE && !c.KAFKA_SSL) {
    problems.push(
      'KAFKA_SSL_CA_FILE: is set but KAFKA_SSL is not true (the CA is used for TLS only)',
    );
  }
  const credentials = (
    ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD', 'KAFKA_SASL_PASSWORD_FILE'] as const
  ).filter((k) => c[k]);
  if (!c.KAFKA_SASL_MECHANISM) {
    if (credentials.length > 0) {
      problems.push(
        `KAFKA_SASL_MECHANISM: must be set (plain, scram-sha-256 or scram-sha-512) when ${credentials.join(' and ')} ${credentials.length > 1 ? 'are' : 'is'} set`,
      );
    }
    return problems;
  }
  if (!c.KAFKA_SASL_USERNAME) {
    problems.push('KAFKA_SASL_USERNAME: is required when KAFKA_SASL_MECHANISM is set');
  }
  if (c.KAFKA_SASL_PASSWORD && c.KAFKA_SASL_PASSWORD_FILE) {
    problems.push(
      'KAFKA_SASL_PASSWORD_FILE: set either KAFKA_SASL_PASSWORD or KAFKA_SASL_PASSWORD_FILE, not both',
    );
  } else if (!c.KAFKA_SASL_PASSWORD && !c.KAFKA_SASL_PASSWORD_FILE) {
    problems.push(
      'KAFKA_SASL_PASSWORD: is required when KAFKA_SASL_MECHANISM is set (or KAFKA_SASL_PASSWORD_FILE)',
    );
  }
  if (c.KAFKA_SASL_MECHANISM === 'plain' && !c.KAFKA_SSL) {
    problems.push(
      'KAFKA_SASL_MECHANISM: plain sends the password unencrypted, so it needs KAFKA_SSL=true',
    );
  }
  return problems;
}

/**
 * What production (NODE_ENV=production) asks of a service's settings beyond its schema: `required`
 * names settings whose defaults serve local development only (a localhost URL, the Vite dev
 * origin), so production must set them; `refused` names settings that must stay unset there, each
 * with the reason.
 */
export interface ProductionRules {
  required?: readonly string[];
  refused?: Readonly<Record<string, string>>;
}

/** The settings that break a service's production rules, each as "SETTING: why". */
export function productionProblems(
  env: Record<string, string | undefined>,
  nodeEnv: string | undefined,
  rules: ProductionRules,
): string[] {
  if (nodeEnv !== 'production') return [];
  const isSet = (name: string) => (env[name] ?? '').trim() !== '';
  return [
    ...(rules.required ?? [])
      .filter((name) => !isSet(name))
      .map((name) => `${name}: must be set in production (its default is for local development)`),
    ...Object.entries(rules.refused ?? {})
      .filter(([name]) => isSet(name))
      .map(([name, why]) => `${name}: must not be set in production (${why})`),
  ];
}

/** Validates the environment against a schema once, at boot; returns a frozen object or throws naming every bad variable. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
  production: ProductionRules = {},
): Readonly<z.infer<S>> {
  const parsed = schema.safeParse(env);
  const problems = parsed.success
    ? [
        ...kafkaSecurityProblems(parsed.data as KafkaSecuritySettings),
        ...productionProblems(env, (parsed.data as { NODE_ENV?: string }).NODE_ENV, production),
      ]
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return Object.freeze(parsed.data) as Readonly<z.infer<S>>;
}

/** A snapshot of the environment for code that must pass it on (child processes in tests, scripts). */
export const processEnv = (): Record<string, string | undefined> => ({ ...process.env });
