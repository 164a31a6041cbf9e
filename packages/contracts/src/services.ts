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
 * Config fields for the URLs of the given services (all of them by default), each defaulting to
 * the local port: spread into a service's config schema with `.extend(...)`.
 */
export function serviceUrlSettings<N extends ServiceName = ServiceName>(
  names: readonly N[] = serviceNames as readonly N[],
): { [K in Extract<ServiceEntry, { name: N }>['urlSetting']]: z.ZodDefault<z.ZodString> } {
  return Object.fromEntries(
    names.map((n) => [serviceEntry(n).urlSetting, z.string().url().default(localServiceUrl(n))]),
  ) as never;
}

/** The configured URL of every service, by name, read from a config holding their settings. */
export function serviceUrls<N extends ServiceName>(
  config: Readonly<Partial<Record<ServiceUrlSetting, string>>>,
  names: readonly N[] = serviceNames as readonly N[],
): Record<N, string> {
  return Object.fromEntries(
    names.map((n) => [n, config[serviceEntry(n).urlSetting] ?? localServiceUrl(n)]),
  ) as Record<N, string>;
}
