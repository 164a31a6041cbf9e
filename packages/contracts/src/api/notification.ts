import { z } from 'zod';
import { type EndpointContracts } from './common';

/**
 * SPEC §3 notification, as GET /api/notifications/user/{id} lists them (`data` is the list; the
 * answer also carries `unread_count`, `total`, `page` and `limit` beside it). For a member without
 * an active or trialing subscription an `exchange_proposal` message is the SPEC §6 text.
 */
export const notificationResponse = z.strictObject({
  notification_id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** JSON text; proposal notifications carry `proposal_id`. */
  data: z.string(),
  is_read: z.boolean(),
  created_at: z.string().min(1),
});
export type NotificationResponse = z.infer<typeof notificationResponse>;

export const notificationListResponse = z.array(notificationResponse);
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

// The notification routes' requests, as they parse them.

const id = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(/^[^/\s]+$/, 'is not a valid id');

export const notificationIdParam = z.object({ id });

export const notificationListQuery = z.object({
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
export const createNotificationBody = z
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
export const notificationSettingsBody = z.object({
  email: z.record(z.string(), z.boolean()),
});

/** The proposal a trade e-mail call is about, under the names a client is likely to send. */
export const tradeEmailBody = z
  .object({
    proposalId: z.string().max(160).optional(),
    proposal_id: z.string().max(160).optional(),
    exchangeId: z.string().max(160).optional(),
  })
  .transform((b) => b.proposalId ?? b.proposal_id ?? b.exchangeId);

const emailSettings = z.strictObject({ email: z.record(z.string(), z.boolean()) });
/** How many e-mails the call sent (0 when they had been sent already, or are turned off). */
const emailsSent = z.strictObject({ sent: z.number().int().nonnegative() });
const tradeEmail = (summary: string) => ({
  data: emailsSent,
  body: tradeEmailBody,
  summary,
});

/** Every notification endpoint with the `data` it answers. */
export const notificationEndpoints = {
  'GET /api/notifications/user/{id}': {
    data: notificationListResponse,
    answer: z.strictObject({
      success: z.literal(true),
      data: notificationListResponse,
      unread_count: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      page: z.number().int().positive(),
      limit: z.number().int().positive(),
    }),
    params: notificationIdParam,
    query: notificationListQuery,
    summary: 'The caller’s notifications, newest first',
  },
  'PUT /api/notifications/read-all': {
    data: z.strictObject({ updated: z.number().int().nonnegative(), unread_count: z.literal(0) }),
    summary: 'Mark all read',
  },
  'GET /api/notifications/settings': { data: emailSettings, summary: 'E-mail settings' },
  'PUT /api/notifications/settings': {
    data: emailSettings,
    body: notificationSettingsBody,
    summary: 'Turn e-mail kinds on or off',
  },
  'PUT /api/notifications/{id}/read': {
    data: notificationResponse,
    params: notificationIdParam,
    summary: 'Mark one read',
  },
  'POST /api/notifications/create': {
    data: z.strictObject({ notification_id: z.string(), created: z.boolean() }),
    status: 201,
    body: createNotificationBody,
    summary: 'Notify the other party of a proposal (200 when it was notified already)',
  },
  'POST /api/trade-notifications/exchange-received': tradeEmail('E-mail: proposal received'),
  'POST /api/trade-notifications/exchange-accepted': tradeEmail('E-mail: proposal accepted'),
  'POST /api/trade-notifications/exchange-completed': tradeEmail('E-mail: exchange completed'),
  'POST /api/trade-notifications/subscription': {
    data: emailsSent,
    body: z.object({ userId: z.unknown().optional() }).optional(),
    summary: 'E-mail: subscription status',
  },
  'GET /api/stream': {
    data: z.string(),
    media: 'text/event-stream',
    summary:
      'Realtime pushes (server-sent events: notification, unread, chat.message, chat.read, proposal); Last-Event-ID resumes',
  },
} satisfies EndpointContracts;
