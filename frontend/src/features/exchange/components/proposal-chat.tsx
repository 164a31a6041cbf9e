import type { ChatMessageResponse, ProposalResponse } from '@swapbooth/contracts';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  draftToSend,
  MESSAGE_MAX,
  mergeMessages,
  useGetProposalChatQuery,
  useMarkChatReadMutation,
  useSendMessageMutation,
} from '../../../app/chat-api';
import { errorMessage } from '../../../app/http';
import { useLiveEvents, useLiveStreamUp, type LiveEvent } from '../../../app/live-stream';
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
} as const;

const LIVE_TYPES = ['chat.message'] as const;
const POLL_MS = 10_000;
const RETRY_MS = 2_000;

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
  const live = useLiveStreamUp();
  const [missing, setMissing] = useState(false);
  // Chat opens the conversation when it hears of the proposal: a 404 means "not yet".
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
  const [refusal, setRefusal] = useState<string>();

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content = draftToSend(draft);
    if (!content || !conversation || conversation.read_only) return;
    setRefusal(undefined);
    send({ proposalId, userId: me, content })
      .unwrap()
      .then((m) => {
        setPushed((list) => mergeMessages(list, [m]));
        setDraft('');
      })
      .catch((err: unknown) => setRefusal(sendRefusal(err)));
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
            <button
              type="submit"
              className="btn btn--primary"
              disabled={sending.isLoading || !draftToSend(draft)}
            >
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
