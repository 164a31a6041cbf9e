import { z } from 'zod';

/**
 * The one list of Swapbooth's services: the name each is known by (its database, consumer group,
 * Kafka client id), its local port, and the setting other processes find it by. The gateway's
 * route table and targets, the admin's platform health, the local stack and the deployment checks
 * all read it; a new service is added here once.
 */
export const serviceRegistry = [
  { name: 'auth', port: 4001, urlSetting: 'AUTH_URL' },
  { name: 'catalog', port: 4002, urlSetting: 'CATALOG_URL' },
  { name: 'search', port: 4003, urlSetting: 'SEARCH_URL' },
  { name: 'exchange', port: 4004, urlSetting: 'EXCHANGE_URL' },
  { name: 'chat', port: 4005, urlSetting: 'CHAT_URL' },
  { name: 'notification', port: 4006, urlSetting: 'NOTIFICATION_URL' },
  { name: 'payment', port: 4007, urlSetting: 'PAYMENT_URL' },
  { name: 'admin', port: 4008, urlSetting: 'ADMIN_URL' },
] as const;

export type ServiceEntry = (typeof serviceRegistry)[number];
export type ServiceName = ServiceEntry['name'];
export type ServiceUrlSetting = ServiceEntry['urlSetting'];

export const serviceNames: readonly ServiceName[] = serviceRegistry.map((s) => s.name);

/** The registry entry of one service. */
export function serviceEntry(name: ServiceName): ServiceEntry {
  const entry = serviceRegistry.find((s) => s.name === name);
  if (!entry) throw new Error(`unknown service ${name}`);
  return entry;
}

/** Where a service listens on this machine when nothing else is configured. */
export const localServiceUrl = (name: ServiceName) => `http://127.0.0.1:${serviceEntry(name).port}`;

/**
 * The base URLs a URL setting lists: one, or one per replica separated by commas
 * (`http://127.0.0.1:4004,http://127.0.0.1:4014`).
 */
export function parseServiceUrls(value: string): string[] {
  return value
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

const isHttpUrl = (u: string) => {
  try {
    return /^https?:$/.test(new URL(u).protocol);
  } catch {
    return false;
  }
};

/**
 * Config fields for the URLs of the given services (all of them by default), each defaulting to
 * the local port: spread into a service's config schema with `.extend(...)`. A setting may list
 * several replicas' URLs separated by commas.
 */
export function serviceUrlSettings<N extends ServiceName = ServiceName>(
  names: readonly N[] = serviceNames as readonly N[],
): { [K in Extract<ServiceEntry, { name: N }>['urlSetting']]: z.ZodDefault<z.ZodString> } {
  return Object.fromEntries(
    names.map((n) => [
      serviceEntry(n).urlSetting,
      z
        .string()
        .refine((v) => parseServiceUrls(v).length > 0 && parseServiceUrls(v).every(isHttpUrl), {
          message: 'must be an http(s) URL, or several separated by commas (one per replica)',
        })
        .default(localServiceUrl(n)),
    ]),
  ) as never;
}

/** The configured base URLs of every service's replicas, by name (one or more each). */
export function serviceReplicaUrls<N extends ServiceName>(
  config: Readonly<Partial<Record<ServiceUrlSetting, string>>>,
  names: readonly N[] = serviceNames as readonly N[],
): Record<N, string[]> {
  return Object.fromEntries(
    names.map((n) => [
      n,
      parseServiceUrls(config[serviceEntry(n).urlSetting] ?? localServiceUrl(n)),
    ]),
  ) as Record<N, string[]>;
}

/**
 * The configured URL of every service, by name, read from a config holding their settings: the
 * first replica's where a setting lists several (the gateway spreads calls over all of them with
 * `serviceReplicaUrls`).
 */
export function serviceUrls<N extends ServiceName>(
  config: Readonly<Partial<Record<ServiceUrlSetting, string>>>,
  names: readonly N[] = serviceNames as readonly N[],
): Record<N, string> {
  const all = serviceReplicaUrls(config, names);
  return Object.fromEntries(names.map((n) => [n, all[n][0] ?? localServiceUrl(n)])) as Record<
    N,
    string
  >;
}
