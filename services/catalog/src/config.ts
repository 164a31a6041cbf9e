import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The catalog service's settings; read once at boot from the environment. */
export const catalogConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4002),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const loadCatalogConfig = (
  env?: Record<string, string | undefined>,
): Readonly<CatalogConfig> => loadConfig(catalogConfigSchema, env);
