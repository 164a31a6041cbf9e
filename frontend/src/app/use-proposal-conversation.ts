import type { ChatMessageResponse } from '@swapbooth/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  draftToSend,
  mergeMessages,
  useGetProposalChatQuery,
  useMarkChatReadMutation,
  useSendMessageMutation,
} from './chat-api';
import { useLiveEvents, useLiveStreamUp, type LiveEvent } from './live-stream';

const LIVE_TYPES = ['chat.message'] as const;
const POLL_MS = 10_000;
const RETRY_MS = 2_000;

const statusOf = (e: unknown) => (e as { status?: unknown } | undefined)?.status;

/**
 * One proposal's conversation as /messages and the proposal page show it: the messages (those
 * loaded and those that arrived live or were sent here), read as they come in, and the draft.
 * The conversation opens when chat hears of its proposal: until then (a 404, `notFound`) it is
 * asked for again soon; without the live stream it is polled.
 */
export function useProposalConversation(proposalId: string, me: string) {
  const live = useLiveStreamUp();
  const [missing, setMissing] = useState(false);
  const chat = useGetProposalChatQuery(
    { proposalId, userId: me },
    { pollingInterval: missing ? RETRY_MS : live ? 0 : POLL_MS },
  );
  const notFound = statusOf(chat.error) === 404;
  if (notFound !== missing) setMissing(notFound);
  const [send, sending] = useSendMessageMutation();
  const [markRead] = useMarkChatReadMutation();
  const [pushed, setPushed] = useState<ChatMessageResponse[]>([]);
  const [draft, setDraft] = useState('');

  const conversation = chat.data?.conversation;
  const conversationId = conversation?.conversation_id;
  const messages = useMemo(
    () => mergeMessages(chat.data?.messages ?? [], pushed),
    [chat.data?.messages, pushed],
  );

  const readNow = useCallback(() => {
    if (conversationId)
      void markRead({ conversationId, userId: me })
        .unwrap()
        .catch(() => undefined);
  }, [conversationId, markRead, me]);

  useEffect(() => {
    if (conversation && conversation.unread_count > 0) readNow();
  }, [conversation, readNow]);

  const onLive = useCallback(
    (e: LiveEvent) => {
      const m = (e.data as { message?: ChatMessageResponse }).message;
      if (!m || m.conversation_id !== conversationId) return;
      setPushed((list) => mergeMessages(list, [m]));
      if (m.sender_id !== me) readNow();
    },
    [conversationId, me, readNow],
  );
  useLiveEvents(onLive, LIVE_TYPES);

  /**
   * Sends the draft and clears it once sent; undefined when there is nothing to send or the
   * conversation is read-only, else the sending (it rejects with the server's refusal).
   */
  const sendDraft = (): Promise<void> | undefined => {
    const content = draftToSend(draft);
    if (!content || !conversation || conversation.read_only) return undefined;
    return send({ proposalId, userId: me, content })
      .unwrap()
      .then((m) => {
        setPushed((list) => mergeMessages(list, [m]));
        setDraft('');
      });
  };

  return {
    /** The conversation query: `isLoading`, `error`. */
    chat,
    notFound,
    conversation,
    messages,
    draft,
    setDraft,
    /** A draft can be sent now (there is text, and no message is on its way). */
    canSend: !sending.isLoading && draftToSend(draft) !== undefined,
    sendDraft,
  };
}
