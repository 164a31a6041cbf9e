import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The search service's settings; read once at boot from the environment. */
const searchSettings = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4003),
  /** Meilisearch serves search when set; otherwise the in-process engine does. */
  MEILI_URL: optionalText.pipe(z.string().url().optional()),
  MEILI_API_KEY: optionalText,
  /** The in-process engine used when no MEILI_URL is set: our inverted index, or Orama. */
  SEARCH_ENGINE: z.enum(['memory', 'orama']).default('memory'),
  /** Meilisearch index uid (the in-process engines ignore it). */
  SEARCH_INDEX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,400}$/, 'letters, digits, "-" and "_" only')
    .default('listings'),
  /**
   * How many replicas of this service the deployment may run (Kubernetes sets the autoscaler's
   * maximum). More than one needs Meilisearch: see `inProcessEngineProblem`.
   */
  SEARCH_REPLICAS: z.coerce.number().int().positive().default(1),
  /** How often each replica reads saved searches written through other replicas. */
  SAVED_SEARCH_SYNC_MS: z.coerce.number().int().positive().default(5_000),
});

/**
 * Why this configuration cannot run, or undefined when it can. The in-process engines keep their
 * index in one process's memory and replicas share the consumer group's partitions, so each
 * replica would index only the events of its own partitions and answer from a partial index.
 */
export function inProcessEngineProblem(
  config: Pick<z.infer<typeof searchSettings>, 'MEILI_URL' | 'SEARCH_REPLICAS' | 'SEARCH_ENGINE'>,
): string | undefined {
  if (config.MEILI_URL || !(config.SEARCH_REPLICAS > 1)) return undefined;
  return (
    `SEARCH_REPLICAS is ${config.SEARCH_REPLICAS} but MEILI_URL is not set: the in-process ` +
    `search engine (${config.SEARCH_ENGINE}) serves one process only, because each replica would ` +
    `index only its share of the events. Set MEILI_URL (and MEILI_API_KEY) to a Meilisearch ` +
    `server, or run a single replica with SEARCH_REPLICAS=1.`
  );
}

export const searchConfigSchema = searchSettings.superRefine((config, ctx) => {
  const problem = inProcessEngineProblem(config);
  if (problem) ctx.addIssue({ code: 'custom', path: ['SEARCH_REPLICAS'], message: problem });
});

export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const loadSearchConfig = (
  env?: Record<string, string | undefined>,
): Readonly<SearchConfig> => loadConfig(searchConfigSchema, env);
