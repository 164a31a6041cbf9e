import type { ProposalResponse } from '@swapbooth/contracts';
import { MESSAGE_MAX } from '../../app/chat-api';

export { draftToSend, MESSAGE_MAX, mergeMessages } from '../../app/chat-api';

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
  /** SPEC §6: a receiver without a subscription reads no messages of a proposal not yet accepted. */
  locked: 'Chat with the sender opens with a subscription.',
  subscribe: 'Subscribe',
  /** Shown to the blocker only; the member blocked meets a plain refusal on sending. */
  blocked: (name: string) => `You blocked ${name}. Unblock them to write again.`,
} as const;

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
