import { z } from 'zod';

/**
 * A proposal's and a shipment's statuses: the words both the exchange answers (`exchange.ts`) and
 * its requests (`exchange-requests.ts`) are built from, apart so neither file imports the other.
 */

export const proposalStatuses = [
  'pending',
  'countered',
  'accepted',
  'completed',
  'rejected',
  'cancelled',
  'expired',
  'unavailable',
  /** A party reported a problem with an accepted exchange: its clocks stop until the dispute closes. */
  'disputed',
] as const;
export const proposalStatus = z.enum(proposalStatuses);
export type ProposalStatus = z.infer<typeof proposalStatus>;

/** The statuses in which a proposal still waits for an answer. */
export const openProposalStatuses: readonly ProposalStatus[] = ['pending', 'countered'];

export const shippingStatuses = ['preparing', 'shipped', 'delivered'] as const;
export const shippingStatus = z.enum(shippingStatuses);
export type ShippingStatus = z.infer<typeof shippingStatus>;
