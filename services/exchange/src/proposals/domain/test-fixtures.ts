import type { Proposal, Terms } from './proposal';

/**
 * What the domain's unit tests build proposals from (not part of the service's build: see
 * tsconfig.json).
 */
export const now = new Date('2026-01-10T10:00:00Z');

/** First terms: S asks R for r1 and offers o1. */
export const terms: Terms = {
  requestedProductIds: ['r1'],
  offeredProductIds: ['o1'],
  message: 'hi',
  depositAmount: 0,
  senderShippingContribution: 0,
  receiverShippingContribution: 0,
};

/** A pending proposal from S to R on `terms`, its answer due a second after `now`. */
export function proposal(over: Partial<Proposal> = {}): Proposal {
  return {
    id: 'p1',
    senderId: 'S',
    receiverId: 'R',
    status: 'pending',
    rounds: [{ ...terms, round: 1, by: 'S', createdAt: now }],
    shipping: {
      sender: { status: 'preparing', trackingNote: '' },
      receiver: { status: 'preparing', trackingNote: '' },
    },
    expiresAt: new Date(now.getTime() + 1000),
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...over,
  };
}
