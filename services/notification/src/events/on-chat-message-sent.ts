import type { EventEnvelope } from '@swapbooth/contracts';
import type { Notifier } from '../domain/notifier';

/** chat.message-sent → the recipient's one unread new_message notification of that conversation. */
export const onChatMessageSent =
  (notifier: Notifier) =>
  async (e: EventEnvelope<'chat.message-sent'>): Promise<void> => {
    const d = e.data;
    await notifier.messageReceived({
      userId: d.recipientId,
      senderId: d.senderId,
      conversationId: d.conversationId,
      proposalId: d.proposalId,
      messageId: d.messageId,
    });
  };
