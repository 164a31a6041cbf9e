import type {
  ApiSuccess,
  ChatMessagesPage,
  ConversationResponse,
  ProposalResponse,
} from '@swapbooth/contracts';
import { api } from '../../app/api';

const enc = encodeURIComponent;

/** SPEC §7 chat calls. Tags: the list of conversations, and each conversation's thread. */
export const messagesApi = api
  .enhanceEndpoints({ addTagTypes: ['Chats', 'ChatThread'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getChats: build.query<ConversationResponse[], string>({
        query: (userId) => ({ url: `/chat/user/${enc(userId)}/chats` }),
        transformResponse: (body: ApiSuccess<ConversationResponse[]>) => body.data,
        providesTags: ['Chats'],
      }),
      /** Messages after an instant, oldest first (the live fallback and "load newer"). */
      getMessagesSince: build.query<
        ChatMessagesPage,
        { conversationId: string; userId: string; since?: string }
      >({
        query: ({ conversationId, userId, since }) => ({
          url: `/chat/conversations/${enc(conversationId)}/messages`,
          params: { userId, since, limit: 200 },
        }),
        transformResponse: (body: ApiSuccess<ChatMessagesPage>) => body.data,
      }),
      /** The proposal a conversation is about: the other member's name and the listings. */
      getChatProposal: build.query<ProposalResponse, string>({
        query: (id) => ({ url: `/exchange/proposal/${enc(id)}` }),
        transformResponse: (body: ApiSuccess<ProposalResponse>) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Proposal', id }],
      }),
    }),
  });

export const { useGetChatsQuery, useGetChatProposalQuery } = messagesApi;

// One conversation's calls are shared with the proposal page, so they live in the app.
export {
  useGetProposalChatQuery,
  useMarkChatReadMutation,
  useSendMessageMutation,
} from '../../app/chat-api';
