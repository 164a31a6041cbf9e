import { z } from 'zod';

/** What the admin service publishes (topic `admin`). */
export const adminEvents = {
  'admin.action-taken': z.object({
    adminId: z.string(),
    action: z.string(),
    targetType: z.enum(['user', 'product', 'subscription', 'booth', 'report']),
    targetId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  /**
   * An executive asked for an admin's one-time password-reset link; notification e-mails it. It
   * carries the secret the e-mail delivers, as auth's reset requests do.
   */
  'admin.password-reset-requested': z.object({
    adminId: z.string(),
    email: z.string(),
    resetUrl: z.string(),
    expiresAt: z.string(),
  }),
} as const;
