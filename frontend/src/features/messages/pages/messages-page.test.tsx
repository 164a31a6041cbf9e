import type { ConversationResponse, ProposalResponse } from '@swapbooth/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  currentUrl,
  mockFetch,
  profileBody,
  renderApp,
  signIn,
  type Handler,
} from '../../../test/test-utils';
import { FakeEventStream } from '../../../test/live-stream-mock';

const ME = 'user-1';
const OTHER = 'user-2';

const message = (id: string, sender: string, content: string, minute: number) => ({
  message_id: id,
  conversation_id: 'conv_p1',
  proposal_id: 'p1',
  sender_id: sender,
  content,
  created_at: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
});

const conversation = (over: Partial<ConversationResponse> = {}): ConversationResponse => ({
  conversation_id: 'conv_p1',
  proposal_id: 'p1',
  participants: [OTHER, ME],
  other_user_id: OTHER,
  product_ids: ['r1'],
  offered_product_ids: ['s1'],
  last_message: message('m2', OTHER, 'See you then', 2),
  unread_count: 2,
  read_only: false,
  details_locked: false,
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T10:02:00.000Z',
  ...over,
});

/** Only what the messages screens read of a proposal. */
const proposal = {
  proposal_id: 'p1',
  sender_id: OTHER,
  receiver_id: ME,
  sender: {
    user_id: OTHER,
    first_name: 'Grace',
    last_name: 'Hopper',
    username: 'grace',
    profile_image: '',
  },
  receiver: {
    user_id: ME,
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: 'ada',
    profile_image: '',
  },
  requested_products: [{ title: 'Red bike' }],
  offered_products: [{ title: 'Guitar lessons' }],
} as unknown as ProposalResponse;

const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });

function backend(handler: Handler, stream?: FakeEventStream) {
  const fn = mockFetch((req) => {
    const p = req.url.pathname;
    if (p === '/api/auth/refresh') return { status: 401, body: {} };
    if (p === '/api/profile') return { body: profileBody({ userId: ME }) };
    if (p === `/api/notifications/user/${ME}`) return ok([]);
    if (p === '/api/exchange/proposal/p1') return ok(proposal);
    return handler(req);
  });
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) =>
    stream && new URL(input, 'http://localhost').pathname === '/api/stream'
      ? Promise.resolve(stream.response())
      : fn(input, init),
  ) as unknown as typeof fetch;
  return fn;
}

const thread = (
  over: Partial<ConversationResponse> = {},
  messages = [
    message('m1', ME, 'Is Sunday fine?', 1),
    message('m2', OTHER, '<b>See</b> you then', 2),
  ],
) => ok({ conversation: conversation(over), messages, has_more: false });

describe('/messages', () => {
  it('lists conversations with the other member, the listings, the last message and the unread count', async () => {
    backend(({ url }) =>
      url.pathname === `/api/chat/user/${ME}/chats` ? ok([conversation()]) : undefined,
    );
    signIn(ME);
    const { router } = renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const item = await within(list).findByRole('button', { name: /Grace Hopper/ });
    expect(item).toHaveTextContent('Red bike, Guitar lessons');
    expect(item).toHaveTextContent('See you then');
    expect(within(item).getByLabelText('2 unread')).toHaveTextContent('2');
    fireEvent.click(item);
    await waitFor(() => expect(currentUrl(router)).toBe('/messages?proposal=p1'));
  });

  it('opens a proposal’s conversation from ?proposal=, shows messages as text and marks it read', async () => {
    const fetch = backend(({ url, method }) => {
      if (url.pathname === `/api/chat/user/${ME}/chats`) return ok([conversation()]);
      if (url.pathname === '/api/chat/proposal/p1') return thread();
      if (method === 'PUT' && url.pathname === '/api/chat/chat/conv_p1/read')
        return ok({ unread_count: 0 });
      return undefined;
    });
    signIn(ME);
    renderApp('/messages?proposal=p1');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('<b>See</b> you then')).toBeInTheDocument();
    expect(within(log).getByText('Is Sunday fine?')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([u, init]) =>
            String(u).includes('/api/chat/chat/conv_p1/read') && init?.method === 'PUT',
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'View proposal' })).toHaveAttribute(
      'href',
      '/proposal/p1',
    );
  });

  it('sends a trimmed message with the member’s id and shows it', async () => {
    const sent: unknown[] = [];
    backend(({ url, method, body }) => {
      if (url.pathname === `/api/chat/user/${ME}/chats`)
        return ok([conversation({ unread_count: 0 })]);
      if (url.pathname === '/api/chat/proposal/p1') return thread({ unread_count: 0 });
      if (method === 'POST' && url.pathname === '/api/chat/proposal/p1/message') {
        sent.push(body);
        return ok(message('m3', ME, 'Deal!', 3), 201);
      }
      return undefined;
    });
    signIn(ME);
    renderApp('/messages?proposal=p1');
    const box = await screen.findByLabelText('Message');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '   Deal!  ' } });
    fireEvent.click(send);
    expect(await within(screen.getByRole('log')).findByText('Deal!')).toBeInTheDocument();
    expect(sent).toEqual([{ userId: ME, content: 'Deal!' }]);
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('shows a message from the other member the moment the live stream brings it', async () => {
    const stream = new FakeEventStream();
    backend(({ url, method }) => {
      if (url.pathname === `/api/chat/user/${ME}/chats`)
        return ok([conversation({ unread_count: 0 })]);
      if (url.pathname === '/api/chat/proposal/p1') return thread({ unread_count: 0 });
      if (method === 'PUT' && url.pathname === '/api/chat/chat/conv_p1/read') return ok({});
      return undefined;
    }, stream);
    signIn(ME);
    renderApp('/messages?proposal=p1');
    const log = await screen.findByRole('log');
    await within(log).findByText('Is Sunday fine?');
    await act(async () => stream.emit('ready', { unread_count: 0 }, '1-0'));
    await act(async () =>
      stream.emit(
        'chat.message',
        { message: message('m9', OTHER, 'On my way', 9), unread_count: 1 },
        '2-0',
      ),
    );
    expect(await within(log).findByText('On my way')).toBeInTheDocument();
    // A message of another conversation does not land in this one.
    await act(async () =>
      stream.emit(
        'chat.message',
        {
          message: {
            ...message('x1', OTHER, 'Elsewhere', 10),
            conversation_id: 'conv_p2',
            proposal_id: 'p2',
          },
        },
        '3-0',
      ),
    );
    expect(within(log).queryByText('Elsewhere')).toBeNull();
  });

  it('keeps a conversation of a suspended store read-only', async () => {
    backend(({ url }) => {
      if (url.pathname === `/api/chat/user/${ME}/chats`)
        return ok([conversation({ read_only: true, unread_count: 0 })]);
      if (url.pathname === '/api/chat/proposal/p1')
        return thread({ read_only: true, unread_count: 0 });
      return undefined;
    });
    signIn(ME);
    renderApp('/messages?proposal=p1');
    expect(
      await screen.findByText('This conversation is read-only while a store in it is suspended.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it('tells a receiver without a subscription that the chat opens with one, with no composer', async () => {
    const locked = { details_locked: true, other_user_id: null, participants: [ME] };
    backend(({ url }) => {
      if (url.pathname === `/api/chat/user/${ME}/chats`)
        return ok([conversation({ ...locked, last_message: null, unread_count: 0 })]);
      if (url.pathname === '/api/chat/proposal/p1')
        return ok({ conversation: conversation(locked), messages: [], has_more: false });
      return undefined;
    });
    signIn(ME);
    renderApp('/messages?proposal=p1');
    expect(
      await screen.findByText('Chat with the sender opens with a subscription.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.queryByText('No messages yet. Say hello!')).toBeNull();
  });

  it('opens a conversation that chat has not heard of yet as soon as it exists', async () => {
    let exists = false;
    backend(({ url }) => {
      if (url.pathname === `/api/chat/user/${ME}/chats`) return ok([]);
      if (url.pathname === '/api/chat/proposal/p1')
        return exists
          ? thread({ unread_count: 0 })
          : { status: 404, body: { success: false, message: 'Conversation not found' } };
      return undefined;
    });
    signIn(ME);
    renderApp('/messages?proposal=p1');
    expect(
      await screen.findByText('This conversation is not available yet. Try again in a moment.'),
    ).toBeInTheDocument();
    exists = true;
    expect(await screen.findByText('Is Sunday fine?', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('says when there are no conversations yet', async () => {
    backend(({ url }) => (url.pathname === `/api/chat/user/${ME}/chats` ? ok([]) : undefined));
    signIn(ME);
    renderApp('/messages');
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });
});
