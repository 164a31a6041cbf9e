import { z } from 'zod';

const id = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(/^[^/\s]+$/, 'is not a valid id');

export const idParam = z.object({ id });

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const dataField = z
  .union([
    z.string().transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not JSON' });
        return z.NEVER;
      }
    }),
    z.record(z.string(), z.unknown()),
  ])
  .optional();

/**
 * POST /api/notifications/create. The spec's client payload is not shown: the recipient and the
 * proposal are accepted under the names a client is likely to use. Any title or message sent is
 * ignored: the texts are the service's own.
 */
export const createBody = z
  .object({
    type: z.string().min(1).max(60),
    userId: z.string().max(160).optional(),
    user_id: z.string().max(160).optional(),
    recipientId: z.string().max(160).optional(),
    proposalId: z.string().max(160).optional(),
    proposal_id: z.string().max(160).optional(),
    data: dataField,
  })
  .transform((b, ctx) => {
    const fromData = (b.data as { proposal_id?: unknown } | undefined)?.proposal_id;
    const proposalId =
      b.proposalId ?? b.proposal_id ?? (typeof fromData === 'string' ? fromData : undefined);
    if (!proposalId) {
      ctx.addIssue({ code: 'custom', path: ['proposalId'], message: 'is required' });
      return z.NEVER;
    }
    const recipientId = b.recipientId ?? b.userId ?? b.user_id;
    return { type: b.type, proposalId, ...(recipientId ? { recipientId } : {}) };
  });

/** E-mail kinds a member can turn off (My Account, Settings). */
export const settingsBody = z.object({
  email: z.record(z.string(), z.boolean()),
});
