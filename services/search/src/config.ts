import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The search service's settings; read once at boot from the environment. */
export const searchConfigSchema = baseConfigSchema.extend({
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
});

export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const loadSearchConfig = (
  env?: Record<string, string | undefined>,
): Readonly<SearchConfig> => loadConfig(searchConfigSchema, env);
