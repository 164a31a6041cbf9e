import type { EventEnvelope } from '@swapbooth/contracts';

/** Every listing an exchange involves: the ones asked for and the ones offered. */
export const listingsOf = (
  e: EventEnvelope<'proposal.accepted' | 'proposal.completed' | 'proposal.cancelled'>,
): string[] => [...new Set([...e.data.productIds, ...e.data.offeredProductIds])];
