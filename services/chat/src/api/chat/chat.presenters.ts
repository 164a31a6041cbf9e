import type { ConversationResponse } from '@swapbooth/contracts';
import { presentMessage } from '../../domain/conversation';
import type { ConversationView } from '../../domain/chat';

export { presentMessage };

/**
 * A conversation as its party sees it (SPEC §7 chat list and conversation calls). Locked (SPEC §6),
 * it names only the viewer and the viewer's own listings asked for: no sender, no offer, no words.
 */
export const presentConversation = (v: ConversationView): ConversationResponse => ({
  conversation_id: v.conversation.id,
  proposal_id: v.conversation.proposalId,
  participants: v.locked ? [v.viewerId] : [v.conversation.senderId, v.conversation.receiverId],
  other_user_id: v.locked ? null : v.otherUserId,
  product_ids: v.conversation.productIds,
  offered_product_ids: v.locked ? [] : v.conversation.offeredProductIds,
  last_message:
    v.conversation.lastMessage && !v.locked ? presentMessage(v.conversation.lastMessage) : null,
  unread_count: v.unread,
  read_only: v.readOnly,
  details_locked: v.locked,
  created_at: v.conversation.createdAt.toISOString(),
  updated_at: v.conversation.updatedAt.toISOString(),
});
