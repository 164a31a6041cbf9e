import type {
  ApiSuccess,
  ChatMessageResponse,
  ChatMessagesPage,
  ConversationResponse,
  ProposalChatResponse,
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
      /** The conversation of a proposal, with its latest messages. */
      getProposalChat: build.query<ProposalChatResponse, { proposalId: string; userId: string }>({
        query: ({ proposalId, userId }) => ({
          url: `/chat/proposal/${enc(proposalId)}`,
          params: { userId },
        }),
        transformResponse: (body: ApiSuccess<ProposalChatResponse>) => body.data,
        providesTags: (r) =>
          r ? [{ type: 'ChatThread', id: r.conversation.conversation_id }] : [],
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
      sendMessage: build.mutation<
        ChatMessageResponse,
        { proposalId: string; userId: string; content: string }
      >({
        query: ({ proposalId, userId, content }) => ({
          url: `/chat/proposal/${enc(proposalId)}/message`,
          method: 'POST',
          body: { userId, content },
        }),
        transformResponse: (body: ApiSuccess<ChatMessageResponse>) => body.data,
        invalidatesTags: ['Chats'],
      }),
      markChatRead: build.mutation<void, { conversationId: string; userId: string }>({
        query: ({ conversationId, userId }) => ({
          url: `/chat/chat/${enc(conversationId)}/read`,
          method: 'PUT',
          body: { userId },
        }),
        invalidatesTags: ['Chats'],
      }),
      /** The proposal a conversation is about: the other member's name and the listings. */
      getChatProposal: build.query<ProposalResponse, string>({
        query: (id) => ({ url: `/exchange/proposal/${enc(id)}` }),
        transformResponse: (body: ApiSuccess<ProposalResponse>) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Proposal', id }],
      }),
    }),
  });

export const {
  useGetChatsQuery,
  useGetProposalChatQuery,
  useSendMessageMutation,
  useMarkChatReadMutation,
  useGetChatProposalQuery,
} = messagesApi;
