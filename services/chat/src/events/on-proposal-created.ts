import type { EventEnvelope } from '@swapbooth/contracts';
import type { ConversationRepository } from '../domain/ports';

/** proposal.created → the proposal's conversation, between its two parties. */
export const onProposalCreated =
  (conversations: ConversationRepository) =>
  async (e: EventEnvelope<'proposal.created'>): Promise<void> => {
    const { proposalId, senderId, receiverId, productIds, offeredProductIds } = e.data;
    await conversations.openForProposal({
      proposalId,
      senderId,
      receiverId,
      productIds,
      offeredProductIds,
    });
  };

/** proposal.countered → the conversation names the listings of the new terms. */
export const onProposalCountered =
  (conversations: ConversationRepository) =>
  async (e: EventEnvelope<'proposal.countered'>): Promise<void> => {
    await conversations.updateTerms(e.data.proposalId, e.data.productIds, e.data.offeredProductIds);
  };

/**
 * proposal.accepted → the conversation as well, for exchanges that begin accepted (each edge of a
 * trade circle has no proposal.created), marked accepted: from now on its receiver reads it whole.
 */
export const onProposalAccepted =
  (conversations: ConversationRepository) =>
  async (e: EventEnvelope<'proposal.accepted'>): Promise<void> => {
    const { proposalId, senderId, receiverId, productIds, offeredProductIds } = e.data;
    await conversations.openForProposal({
      proposalId,
      senderId,
      receiverId,
      productIds,
      offeredProductIds,
      // Created accepted, so no reader ever sees an accepted exchange's conversation locked.
      acceptedAt: new Date(),
    });
    // One that proposal.created opened earlier is marked now (a no-op for the one just created).
    await conversations.markAccepted(proposalId);
  };
