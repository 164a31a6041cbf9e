import type {
  ApiSuccess,
  ChatMessageResponse,
  ProposalChatResponse,
  chatReadBody,
  chatSendBody,
} from '@swapbooth/contracts';
import { api } from './api';
import type { RequestBody } from './request-body';

const enc = encodeURIComponent;

/**
 * The chat calls of one proposal's conversation, shared by /messages and the proposal page
 * (features do not import each other). Tags: the list of conversations, and each thread.
 */
export const chatApi = api
  .enhanceEndpoints({ addTagTypes: ['Chats', 'ChatThread'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The conversation of a proposal, with its latest messages (404 until chat opens it). */
      getProposalChat: build.query<ProposalChatResponse, { proposalId: string; userId: string }>({
        query: ({ proposalId, userId }) => ({
          url: `/chat/proposal/${enc(proposalId)}`,
          params: { userId },
        }),
        transformResponse: (body: ApiSuccess<ProposalChatResponse>) => body.data,
        providesTags: (r) =>
          r ? [{ type: 'ChatThread', id: r.conversation.conversation_id }] : [],
      }),
      sendMessage: build.mutation<
        ChatMessageResponse,
        { proposalId: string; userId: string; content: string }
      >({
        query: ({ proposalId, userId, content }) => ({
          url: `/chat/proposal/${enc(proposalId)}/message`,
          method: 'POST',
          body: { userId, content } satisfies RequestBody<typeof chatSendBody>,
        }),
        transformResponse: (body: ApiSuccess<ChatMessageResponse>) => body.data,
        invalidatesTags: ['Chats'],
      }),
      markChatRead: build.mutation<void, { conversationId: string; userId: string }>({
        query: ({ conversationId, userId }) => ({
          url: `/chat/chat/${enc(conversationId)}/read`,
          method: 'PUT',
          body: { userId } satisfies RequestBody<typeof chatReadBody>,
        }),
        invalidatesTags: ['Chats'],
      }),
    }),
  });

export const { useGetProposalChatQuery, useSendMessageMutation, useMarkChatReadMutation } = chatApi;

/** Longest message, after trimming (CHAT_MESSAGE_MAX in the chat contract). */
export const MESSAGE_MAX = 2000;

/** The text to send, or undefined when there is nothing to send. */
export function draftToSend(draft: string): string | undefined {
  const content = draft.trim();
  return content.length > 0 && content.length <= MESSAGE_MAX ? content : undefined;
}

/** Adds messages to a thread: no duplicates, oldest first. */
export function mergeMessages(
  current: ChatMessageResponse[],
  more: ChatMessageResponse[],
): ChatMessageResponse[] {
  const byId = new Map(current.map((m) => [m.message_id, m]));
  for (const m of more) byId.set(m.message_id, m);
  return [...byId.values()].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
}
