import { AppError } from '@swapbooth/service-kit';
import {
  assertParty,
  messageContent,
  otherParty,
  unreadOf,
  type Conversation,
} from './conversation';

const c: Conversation = {
  id: 'conv_p1',
  proposalId: 'p1',
  senderId: 's',
  receiverId: 'r',
  productIds: [],
  offeredProductIds: [],
  accepted: false,
  lastMessage: null,
  senderUnread: 2,
  receiverUnread: 5,
  createdAt: new Date(),
  updatedAt: new Date(),
  version: 0,
};

describe('a conversation', () => {
  it('lets its two parties in and no one else', () => {
    expect(assertParty(c, 's')).toBe(c);
    expect(assertParty(c, 'r')).toBe(c);
    expect(() => assertParty(c, 'x')).toThrow(AppError);
    expect(otherParty(c, 's')).toBe('r');
    expect(otherParty(c, 'r')).toBe('s');
    expect(unreadOf(c, 'r')).toBe(5);
    expect(unreadOf(c, 'x')).toBe(0);
  });

  it('takes message text trimmed, from 1 to the maximum of characters', () => {
    expect(messageContent('  hi <b>there</b>  ', 10_000)).toBe('hi <b>there</b>');
    expect(messageContent('x'.repeat(2000), 2000)).toHaveLength(2000);
    for (const bad of ['', '   \n ', 'x'.repeat(2001), 7, undefined, null]) {
      expect(() => messageContent(bad, 2000)).toThrow(/^content/);
    }
  });
});
