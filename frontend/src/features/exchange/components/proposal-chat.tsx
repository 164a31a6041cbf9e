import type { ProposalResponse } from '@swapbooth/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useBlockStatusQuery } from '../../../app/blocks-api';
import { MESSAGE_MAX } from '../../../app/chat-api';
import { errorMessage } from '../../../app/http';
import { useProposalConversation } from '../../../app/use-proposal-conversation';
import { partyName, sidesOf } from '../proposal-view';

export const ProposalChatTexts = {
  title: 'Conversation',
  starting: 'Starting the conversation…',
  empty: 'No messages yet. Say hello!',
  readOnly: 'This conversation is read-only while a store in it is suspended.',
  send: 'Send',
  open: 'Open in Messages',
  tooFast: 'You are sending messages too quickly. Wait a few seconds and try again.',
  forbidden: 'You cannot send messages in this conversation.',
  locked: 'Chat with the sender opens with a subscription.',
  blocked: (name: string) => `You blocked ${name}. Unblock them to write again.`,
} as const;

/** When a message was sent: the day and the time of day. */
const sentAt = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
};

const statusOf = (e: unknown) => (e as { status?: unknown } | undefined)?.status;

function sendRefusal(err: unknown): string {
  if (statusOf(err) === 429) return ProposalChatTexts.tooFast;
  if (statusOf(err) === 403) return ProposalChatTexts.forbidden;
  return errorMessage(err, 'The message could not be sent. Please try again.');
}

/** The proposal's conversation between its two parties: messages, live, and a composer. */
export function ProposalChat({ proposal, me }: { proposal: ProposalResponse; me: string }) {
  const proposalId = proposal.proposal_id;
  const other = partyName(sidesOf(proposal).otherParty);
  // Chat opens the conversation when it hears of the proposal: a 404 means "not yet".
  const { chat, notFound, conversation, messages, draft, setDraft, canSend, sendDraft } =
    useProposalConversation(proposalId, me);
  const [refusal, setRefusal] = useState<string>();
  const otherId = (proposal.sender_id === me ? proposal.receiver_id : proposal.sender_id) ?? '';
  // Only the blocker learns of a block here; the member blocked meets a plain refusal on sending.
  const iBlock = useBlockStatusQuery(otherId, { skip: !otherId }).data === true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sending = sendDraft();
    if (!sending) return;
    setRefusal(undefined);
    sending.catch((err: unknown) => setRefusal(sendRefusal(err)));
  };

  let body;
  if (chat.isLoading || notFound) {
    body = (
      <p className="proposal-chat__status" role="status">
        {ProposalChatTexts.starting}
      </p>
    );
  } else if (chat.error || !conversation) {
    body = (
      <p className="proposal-chat__status" role="alert">
        {errorMessage(chat.error, 'The conversation could not be loaded.')}
      </p>
    );
  } else {
    body = (
      <>
        {/* The live region wraps the list: a role on the <ol> itself would take its list semantics away. */}
        <div role="log" aria-live="polite">
          <ol className="proposal-chat__messages">
            {messages.length === 0 && (
              <li className="proposal-chat__empty">{ProposalChatTexts.empty}</li>
            )}
            {messages.map((m) => {
              const mine = m.sender_id === me;
              return (
                <li
                  key={m.message_id}
                  className={`proposal-chat__message${mine ? ' proposal-chat__message--mine' : ''}`}
                >
                  <span className="proposal-chat__author">{mine ? 'You' : other}</span>{' '}
                  <time className="proposal-chat__time" dateTime={m.created_at}>
                    {sentAt(m.created_at)}
                  </time>
                  <p className="proposal-chat__content">{m.content}</p>
                </li>
              );
            })}
          </ol>
        </div>
        {conversation.read_only ? (
          <p className="notice" role="status">
            {ProposalChatTexts.readOnly}
          </p>
        ) : iBlock ? (
          <p className="notice" role="status">
            {ProposalChatTexts.blocked(other)}
          </p>
        ) : (
          <form className="proposal-chat__composer" onSubmit={submit}>
            <label htmlFor="proposal-chat-draft" className="visually-hidden">
              Message to {other}
            </label>
            <textarea
              id="proposal-chat-draft"
              value={draft}
              maxLength={MESSAGE_MAX}
              rows={2}
              onChange={(e) => setDraft(e.target.value)}
            />
            <button type="submit" className="btn btn--primary" disabled={!canSend}>
              {ProposalChatTexts.send}
            </button>
          </form>
        )}
        {refusal && (
          <p className="form__error" role="alert">
            {refusal}
          </p>
        )}
      </>
    );
  }

  return (
    <section className="panel proposal-chat" aria-labelledby="proposal-chat-title">
      <h2 id="proposal-chat-title" className="panel__title">
        {ProposalChatTexts.title}
      </h2>
      {body}
      <Link className="btn btn--ghost" to={`/messages?proposal=${encodeURIComponent(proposalId)}`}>
        {ProposalChatTexts.open}
      </Link>
    </section>
  );
}
