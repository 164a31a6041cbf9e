import type { ProposalChatResponse, ProposalResponse } from '@swapbooth/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeEventStream } from '../../../test/live-stream-mock';
import { callsTo, renderApp, signIn, type Handler } from '../../../test/test-utils';
import {
  bodiesSent,
  fail,
  lockedProposal,
  memberBackend,
  ME,
  ok,
  OTHER,
  proposal,
} from '../test-fixtures';
import { ProposalChatTexts } from './proposal-chat';

const CHAT = '/api/chat/proposal/pr1';
const SEND = '/api/chat/proposal/pr1/message';

const message = (id: string, sender: string, content: string, minute: number) => ({
  message_id: id,
  conversation_id: 'conv_pr1',
  proposal_id: 'pr1',
  sender_id: sender,
  content,
  created_at: new Date(Date.UTC(2026, 0, 3, 10, minute)).toISOString(),
});

/** GET /api/chat/proposal/pr1 as the chat service answers it (typed by the contract). */
const thread = (
  messages = [message('m2', OTHER, 'Still there?', 2), message('m1', ME, '<b>Hi</b>', 1)],
) =>
  ok({
    conversation: {
      conversation_id: 'conv_pr1',
      proposal_id: 'pr1',
      participants: [OTHER, ME],
      other_user_id: OTHER,
      product_ids: ['r1'],
      offered_product_ids: ['o1'],
      last_message: messages.at(-1) ?? null,
      unread_count: 0,
      read_only: false,
      details_locked: false,
      created_at: '2026-01-02T10:00:01.000Z',
      updated_at: '2026-01-03T10:02:00.000Z',
    },
    messages,
    has_more: false,
  } satisfies ProposalChatResponse);

function open(p: ProposalResponse, chat: Handler, stream?: FakeEventStream) {
  const fetch = memberBackend((req) => {
    if (req.method === 'GET' && req.url.pathname === '/api/exchange/proposal/pr1') return ok(p);
    if (req.url.pathname.startsWith('/api/chat/')) return chat(req);
    return undefined;
  });
  if (stream) {
    globalThis.fetch = jest.fn((input: string, init?: RequestInit) =>
      new URL(input, 'http://localhost').pathname === '/api/stream'
        ? Promise.resolve(stream.response())
        : fetch(input, init),
    ) as unknown as typeof globalThis.fetch;
  }
  signIn(ME);
  renderApp('/proposal/pr1');
  return fetch;
}

const section = () => screen.findByRole('region', { name: 'Conversation' });

describe('the conversation on the proposal page', () => {
  it('shows the proposal’s messages oldest first, with who wrote them, as text', async () => {
    open(proposal(), ({ url }) => (url.pathname === CHAT ? thread() : undefined));
    const chat = await section();
    const log = await within(chat).findByRole('log');
    const items = within(log).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.proposal-chat__content')?.textContent)).toEqual([
      '<b>Hi</b>',
      'Still there?',
    ]);
    expect(items[0]).toHaveTextContent(/^You/);
    expect(items[1]).toHaveTextContent(/^Olive Tester/);
    expect(items[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-01-03T10:02:00.000Z');
    expect(log.querySelector('b')).toBeNull();
    expect(within(chat).getByRole('link', { name: 'Open in Messages' })).toHaveAttribute(
      'href',
      '/messages?proposal=pr1',
    );
  });

  it('sends the trimmed text as {userId, content} and shows the sent message', async () => {
    const fetch = open(proposal(), ({ url, method, body }) => {
      if (url.pathname === CHAT) return thread([]);
      if (method === 'POST' && url.pathname === SEND) {
        const { content } = body as { content: string };
        return ok(message('m3', ME, content, 3), 201);
      }
      return undefined;
    });
    const chat = await section();
    const box = await within(chat).findByRole('textbox', { name: 'Message to Olive Tester' });
    const send = within(chat).getByRole('button', { name: 'Send' });
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '  Sunday works  ' } });
    fireEvent.click(send);
    expect(await within(chat).findByText('Sunday works')).toBeInTheDocument();
    expect(bodiesSent(fetch, 'POST', SEND)).toEqual([{ userId: ME, content: 'Sunday works' }]);
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('says so when the member sends too fast (429) or may not write (403), keeping the draft', async () => {
    let answer = fail(429, 'Too many requests');
    open(proposal(), ({ url, method }) => {
      if (url.pathname === CHAT) return thread([]);
      if (method === 'POST' && url.pathname === SEND) return answer;
      return undefined;
    });
    const chat = await section();
    const box = await within(chat).findByRole('textbox', { name: 'Message to Olive Tester' });
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(await within(chat).findByRole('alert')).toHaveTextContent(ProposalChatTexts.tooFast);
    expect(box).toHaveValue('Hello');

    answer = fail(403, 'Forbidden');
    fireEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(chat).getByRole('alert')).toHaveTextContent(ProposalChatTexts.forbidden),
    );
  });

  it('shows "Starting the conversation…" while chat has not opened it, then the conversation', async () => {
    let opened = false;
    const fetch = open(proposal(), ({ url }) => {
      if (url.pathname !== CHAT) return undefined;
      return opened ? thread() : fail(404, 'Conversation not found');
    });
    const chat = await section();
    expect(await within(chat).findByText(ProposalChatTexts.starting)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, CHAT).length).toBeGreaterThanOrEqual(1));
    opened = true;
    expect(
      await within(chat).findByText('Still there?', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(chat).queryByText(ProposalChatTexts.starting)).toBeNull();
  });

  it('shows a message from the other member the moment the live stream brings it', async () => {
    const stream = new FakeEventStream();
    open(proposal(), ({ url }) => (url.pathname === CHAT ? thread() : undefined), stream);
    const chat = await section();
    const log = await within(chat).findByRole('log');
    await within(log).findByText('Still there?');
    await act(async () => stream.emit('ready', { unread_count: 0 }, '1-0'));
    await act(async () =>
      stream.emit('chat.message', { message: message('m9', OTHER, 'On my way', 9) }, '2-0'),
    );
    expect(await within(log).findByText('On my way')).toBeInTheDocument();
    await act(async () =>
      stream.emit(
        'chat.message',
        { message: { ...message('x1', OTHER, 'Elsewhere', 10), conversation_id: 'conv_p2' } },
        '3-0',
      ),
    );
    expect(within(log).queryByText('Elsewhere')).toBeNull();
  });

  it('gives a locked receiver no conversation, only the line that chat opens with a subscription', async () => {
    const fetch = open(lockedProposal(), ({ url }) =>
      url.pathname === CHAT ? thread() : undefined,
    );
    expect(await screen.findByText(ProposalChatTexts.locked)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Conversation' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Message to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(callsTo(fetch, CHAT)).toHaveLength(0);
  });
});
