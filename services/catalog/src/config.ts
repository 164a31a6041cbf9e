import { serviceUrlSettings } from '@swapbooth/contracts';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim().replace(/\/+$/, '') : undefined));

/** The catalog service's settings; read once at boot from the environment. */
export const catalogConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().nonnegative().default(4002),
    /** The auth service, asked whether an address belongs to the caller. */
    ...serviceUrlSettings(['auth']),
    /**
     * Origin that browsers use to reach catalog (through the gateway), prefixed to image variant and
     * local-disk URLs. Empty: those URLs are root-relative (`/api/images/...`).
     */
    PUBLIC_BASE_URL: optionalString,
    /** S3-compatible storage; without it images go to the local disk. */
    S3_ENDPOINT: optionalString,
    /** The S3 origin browsers use (presigned URLs are signed for this host). Defaults to S3_ENDPOINT. */
    S3_PUBLIC_URL: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
      .default('swapbooth-images'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Local-disk image store: folder and the HMAC key that signs its upload URLs. */
    LOCAL_IMAGE_DIR: z.string().default('.data/catalog-images'),
    LOCAL_IMAGE_SECRET: z.string().min(32).optional(),
    UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    /** Images wider or taller than this (in pixels) are refused when attached. */
    UPLOAD_MAX_DIMENSION: z.coerce.number().int().min(16).max(20_000).default(8192),
    /**
     * How long an upload waits, private, to be attached before it is deleted; the bucket's
     * lifecycle rule (one day) is the backstop where the sweeper does not run.
     */
    UPLOAD_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(12 * 3600),
    /** How often the sweeper deletes expired uploads. */
    UPLOAD_SWEEP_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(15 * 60_000),
    REPORTS_PER_HOUR: z.coerce.number().int().positive().default(10),
  })
  .superRefine((c, ctx) => {
    if (c.S3_ENDPOINT && (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT',
      });
    }
    if (!c.S3_ENDPOINT && c.NODE_ENV === 'production' && !c.LOCAL_IMAGE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOCAL_IMAGE_SECRET'],
        message: 'required in production when S3_ENDPOINT is not set',
      });
    }
  });

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const loadCatalogConfig = (
  env?: Record<string, string | undefined>,
): Readonly<CatalogConfig> => loadConfig(catalogConfigSchema, env);
