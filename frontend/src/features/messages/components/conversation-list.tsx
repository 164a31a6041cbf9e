import type { ConversationResponse } from '@swapbooth/contracts';
import { timeAgo } from '../../../lib/format';
import { listingsLine, otherName } from '../chat-rules';
import { useGetChatProposalQuery } from '../messages-api';

function ConversationItem({
  c,
  me,
  active,
  onOpen,
}: {
  c: ConversationResponse;
  me: string;
  active: boolean;
  onOpen(proposalId: string): void;
}) {
  const { data: proposal } = useGetChatProposalQuery(c.proposal_id);
  const name = otherName(proposal, me);
  return (
    <li>
      <button
        type="button"
        className={`conversation${active ? ' conversation--active' : ''}${c.unread_count > 0 ? ' conversation--unread' : ''}`}
        aria-current={active ? 'true' : undefined}
        onClick={() => onOpen(c.proposal_id)}
      >
        <span className="conversation__name">{name}</span>
        {c.unread_count > 0 && (
          <span className="count-badge" aria-label={`${c.unread_count} unread`}>
            {c.unread_count}
          </span>
        )}
        <span className="conversation__listings">{listingsLine(proposal)}</span>
        <span className="conversation__last">
          {c.last_message
            ? `${c.last_message.sender_id === me ? 'You: ' : ''}${c.last_message.content}`
            : 'No messages yet'}
        </span>
        <span className="conversation__time">
          {timeAgo(c.last_message?.created_at ?? c.updated_at)}
        </span>
      </button>
    </li>
  );
}

/** The member's conversations, the most recently active first. */
export function ConversationList({
  items,
  me,
  activeProposalId,
  onOpen,
}: {
  items: ConversationResponse[];
  me: string;
  activeProposalId: string | null;
  onOpen(proposalId: string): void;
}) {
  return (
    <ul className="conversation-list" aria-label="Conversations">
      {items.map((c) => (
        <ConversationItem
          key={c.conversation_id}
          c={c}
          me={me}
          active={c.proposal_id === activeProposalId}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}
