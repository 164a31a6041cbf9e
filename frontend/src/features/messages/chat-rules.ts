import type { ChatMessageResponse, ProposalResponse } from '@swapbooth/contracts';

/** Longest message, after trimming (the server says the same). */
export const MESSAGE_MAX = 2000;

export const ChatTexts = {
  title: 'Messages',
  empty: 'No conversations yet',
  emptyHint: 'A conversation opens with every proposal you send or receive.',
  pick: 'Choose a conversation to read it.',
  readOnly: 'This conversation is read-only while a store in it is suspended.',
  placeholder: 'Write a message…',
  send: 'Send',
  noMessages: 'No messages yet. Say hello!',
  notFound: 'This conversation is not available yet. Try again in a moment.',
  tooLong: `Messages can be at most ${MESSAGE_MAX} characters.`,
} as const;

/** The text to send, or undefined when there is nothing to send. */
export function draftToSend(draft: string): string | undefined {
  const content = draft.trim();
  return content.length > 0 && content.length <= MESSAGE_MAX ? content : undefined;
}

/** The other party's name as the proposal shows it ("A member" while details are locked). */
export function otherName(p: ProposalResponse | undefined, me: string): string {
  if (!p) return 'Member';
  const other = p.sender_id === me ? p.receiver : p.sender;
  if (!other) return 'A member';
  const full = `${other.first_name} ${other.last_name}`.trim();
  return full || other.username || 'Member';
}

/** The listings of a proposal, as one line. */
export function listingsLine(p: ProposalResponse | undefined): string {
  if (!p) return '';
  const titles = [...p.requested_products, ...p.offered_products].map((l) => l.title);
  if (titles.length <= 2) return titles.join(', ');
  return `${titles.slice(0, 2).join(', ')} +${titles.length - 2}`;
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
