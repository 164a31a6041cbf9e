import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useBlockStatusQuery } from '../../../app/blocks-api';
import { useToast } from '../../../app/hooks';
import { useProposalConversation } from '../../../app/use-proposal-conversation';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { MemberSafetyActions } from '../../../components/member-safety';
import { formatDate } from '../../../lib/format';
import { ChatTexts, listingsLine, MESSAGE_MAX, otherName } from '../chat-rules';
import { useGetChatProposalQuery } from '../messages-api';

/** One conversation: its messages (as text), new ones arriving live, and the composer. */
export function ChatThread({ proposalId, me }: { proposalId: string; me: string }) {
  const toast = useToast();
  const { chat, notFound, conversation, messages, draft, setDraft, canSend, sendDraft } =
    useProposalConversation(proposalId, me);
  const { data: proposal } = useGetChatProposalQuery(proposalId);
  const otherId = (proposal?.sender_id === me ? proposal?.receiver_id : proposal?.sender_id) ?? '';
  // Only the blocker learns of a block here; the member blocked meets a plain refusal on sending.
  const iBlock = useBlockStatusQuery(otherId, { skip: !otherId }).data === true;
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    sendDraft()?.catch((err: unknown) => toast(errorMessage(err), 'error'));
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
        <div className="chat-thread__actions">
          <Link to={`/proposal/${encodeURIComponent(proposalId)}`} className="btn btn--ghost">
            View proposal
          </Link>
          {!conversation.details_locked && otherId && (
            <MemberSafetyActions userId={otherId} name={name} />
          )}
        </div>
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
      ) : iBlock ? (
        <p className="chat-thread__read-only" role="status">
          {ChatTexts.blocked(name)}
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
          <button type="submit" className="btn btn--primary" disabled={!canSend}>
            {ChatTexts.send}
          </button>
        </form>
      )}
    </section>
  );
}
