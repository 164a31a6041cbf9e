import { AppError } from '@swapbooth/service-kit';
import { conversationIdOf, type ChatMessage } from './conversation';
import type { MessageRepository } from './ports';

/** Which exchanges have an open dispute (from exchange's dispute events). */
export interface DisputeWindows {
  opened(disputeId: string, proposalId: string): Promise<void>;
  closed(disputeId: string, proposalId: string): Promise<void>;
  isOpen(proposalId: string): Promise<boolean>;
}

/** The most messages a transcript shows (the latest ones). */
export const TRANSCRIPT_MAX = 500;

/**
 * An exchange's chat for an admin deciding a dispute: only while a dispute about it is open (once
 * it closes, the conversation is the parties' own again). The caller audits each reading.
 */
export async function disputeTranscript(
  deps: { windows: DisputeWindows; messages: Pick<MessageRepository, 'latest'> },
  proposalId: string,
): Promise<ChatMessage[]> {
  if (!(await deps.windows.isOpen(proposalId))) {
    throw AppError.forbidden('An exchange’s chat is shown only inside an open dispute');
  }
  return deps.messages.latest(conversationIdOf(proposalId), TRANSCRIPT_MAX);
}
