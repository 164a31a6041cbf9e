import type { ChatMessageResponse } from '@swapbooth/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { useLiveEvents, useLiveStreamUp, type LiveEvent } from '../../../app/live-stream';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { formatDate } from '../../../lib/format';
import {
  ChatTexts,
  draftToSend,
  listingsLine,
  mergeMessages,
  MESSAGE_MAX,
  otherName,
} from '../chat-rules';
import {
  useGetChatProposalQuery,
  useGetProposalChatQuery,
  useMarkChatReadMutation,
  useSendMessageMutation,
} from '../messages-api';

const LIVE_TYPES = ['chat.message'] as const;
const POLL_MS = 10_000;
const RETRY_MS = 2_000;

/** One conversation: its messages (as text), new ones arriving live, and the composer. */
export function ChatThread({ proposalId, me }: { proposalId: string; me: string }) {
  const live = useLiveStreamUp();
  const toast = useToast();
  const [missing, setMissing] = useState(false);
  const chat = useGetProposalChatQuery(
    { proposalId, userId: me },
    // A conversation opens when chat hears of its proposal: until then, look again soon.
    { pollingInterval: missing ? RETRY_MS : live ? 0 : POLL_MS },
  );
  const notFound = (chat.error as { status?: unknown } | undefined)?.status === 404;
  if (notFound !== missing) setMissing(notFound);
  const { data: proposal } = useGetChatProposalQuery(proposalId);
  const [send, sending] = useSendMessageMutation();
  const [markRead] = useMarkChatReadMutation();
  const [pushed, setPushed] = useState<ChatMessageResponse[]>([]);
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);

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

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const content = draftToSend(draft);
    if (!content || !conversation || conversation.read_only) return;
    send({ proposalId, userId: me, content })
      .unwrap()
      .then((m) => {
        setPushed((list) => mergeMessages(list, [m]));
        setDraft('');
      })
      .catch((err: unknown) => toast(errorMessage(err), 'error'));
  };

  if (chat.isLoading) return <InlineLoading />;
  if (chat.error || !conversation) {
    return <ErrorState message={notFound ? ChatTexts.notFound : errorMessage(chat.error)} />;
  }
  const name = otherName(proposal, me);

  return (
    <section className="chat-thread" aria-label={`Conversation with ${name}`}>
      <header className="chat-thread__header">
        <div>
          <h2 className="chat-thread__title">{name}</h2>
          <p className="chat-thread__listings">{listingsLine(proposal)}</p>
        </div>
        <Link to={`/proposal/${encodeURIComponent(proposalId)}`} className="btn btn--ghost">
          View proposal
        </Link>
      </header>
      <div className="chat-thread__messages" role="log" aria-live="polite">
        {messages.length === 0 && !conversation.details_locked && (
          <p className="chat-thread__empty">{ChatTexts.noMessages}</p>
        )}
        {messages.map((m) => (
          <div
            key={m.message_id}
            className={`chat-message${m.sender_id === me ? ' chat-message--mine' : ''}`}
          >
            <p className="chat-message__content">{m.content}</p>
            <time className="chat-message__time" dateTime={m.created_at}>
              {formatDate(m.created_at)}
            </time>
          </div>
        ))}
        <div ref={endRef} />
      </div>
      {conversation.details_locked ? (
        <p className="chat-thread__read-only" role="status">
          {ChatTexts.locked} <Link to="/subscription">{ChatTexts.subscribe}</Link>
        </p>
      ) : conversation.read_only ? (
        <p className="chat-thread__read-only" role="status">
          {ChatTexts.readOnly}
        </p>
      ) : (
        <form className="chat-composer" onSubmit={submit}>
          <label htmlFor="chat-draft" className="visually-hidden">
            Message
          </label>
          <textarea
            id="chat-draft"
            value={draft}
            maxLength={MESSAGE_MAX}
            rows={2}
            placeholder={ChatTexts.placeholder}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
          />
          <button
            type="submit"
            className="btn btn--primary"
            disabled={sending.isLoading || !draftToSend(draft)}
          >
            {ChatTexts.send}
          </button>
        </form>
      )}
    </section>
  );
}
