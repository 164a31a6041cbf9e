import { z } from 'zod';
import { proposalStatuses, shippingStatuses } from '@swapbooth/contracts';
import { MAX_LISTINGS_PER_SIDE, MAX_MESSAGE_LENGTH, MAX_MONEY } from '../../domain/proposal';
import { idParam } from '../http';

/** Body fields are accepted in snake_case and camelCase; camelCase wins when both are sent. */
const aliases: Record<string, string> = {
  user_id: 'userId',
  receiver_id: 'receiverId',
  requested_product_ids: 'requestedProductIds',
  offered_product_ids: 'offeredProductIds',
  depositAmount: 'deposit_amount',
  senderShippingContribution: 'sender_shipping_contribution',
  receiverShippingContribution: 'receiver_shipping_contribution',
  tracking_note: 'trackingNote',
};

const normalized = (body: unknown): unknown => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [from, to] of Object.entries(aliases)) {
    if (out[from] !== undefined && out[to] === undefined) out[to] = out[from];
    delete out[from];
  }
  return out;
};

/**
 * Money: a number (or numeric text) from 0 to 10,000 with at most two decimals; 0 when missing
 * (SPEC §5).
 */
const money = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'must be a number' })
    .finite('must be a number')
    .min(0, 'must be 0 or more')
    .max(MAX_MONEY, `must be at most ${MAX_MONEY.toLocaleString('en-US')}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most two decimals')
    .transform((n) => Math.round(n * 100) / 100),
);

const listingIds = (max: number) =>
  z.array(idParam, { error: 'must be a list of listing ids' }).max(max, `at most ${max} listings`);

const terms = {
  requestedProductIds: listingIds(MAX_LISTINGS_PER_SIDE).min(1, 'ask for at least one listing'),
  offeredProductIds: listingIds(MAX_LISTINGS_PER_SIDE).default([]),
  message: z
    .string({ error: 'must be text' })
    .trim()
    .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`)
    .default(''),
  deposit_amount: money,
  sender_shipping_contribution: money,
  receiver_shipping_contribution: money,
};

const optionalUserId = z.string().optional();

export const createProposalBody = z.preprocess(
  normalized,
  z.object({ userId: optionalUserId, receiverId: idParam, ...terms }),
);
export type CreateProposalBody = z.infer<typeof createProposalBody>;

export const counterBody = z.preprocess(normalized, z.object({ userId: optionalUserId, ...terms }));
export type CounterBody = z.infer<typeof counterBody>;

/** The moves the status call makes; `accept`, `reject`, `cancel` are understood too. */
const statusWords: Record<string, string> = {
  accept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  canceled: 'cancelled',
};
export const statusBody = z.preprocess(
  normalized,
  z.object({
    userId: optionalUserId,
    status: z.preprocess(
      (v) =>
        typeof v === 'string' ? (statusWords[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v,
      z.enum(['accepted', 'rejected', 'cancelled'], {
        error: 'must be accepted, rejected or cancelled',
      }),
    ),
  }),
);

export const shippingBody = z.preprocess(
  normalized,
  z.object({
    userId: optionalUserId,
    type: z.enum(['sender', 'receiver'], { error: "must be 'sender' or 'receiver'" }),
    status: z.enum(shippingStatuses, { error: 'must be preparing, shipped or delivered' }),
    trackingNote: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  }),
);

const statusList = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  )
  .pipe(
    z.array(z.enum(proposalStatuses, { error: `must be among ${proposalStatuses.join(', ')}` })),
  );

export const memberProposalsQuery = z.object({
  role: z.enum(['sent', 'received'], { error: "must be 'sent' or 'received'" }).optional(),
  status: statusList,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
