import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockFetch, profileBody, renderApp, signIn } from '../test/test-utils';

// The pages are lazy chunks compiled on first use: a generous deadline for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const emptyPage = { products: [], totalCount: 0, page: 1, limit: 24, totalPages: 0 };

/** The store page of member `seller`, seen by `me`; blocks as the server keeps them. */
function backend(blocked: Set<string>) {
  return mockFetch(({ method, url }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody({ userId: 'me' }) };
    if (url.pathname === '/api/product/published-by-user/seller')
      return { body: { success: true, data: emptyPage } };
    const block = /^\/api\/auth\/blocks\/(.+)$/.exec(url.pathname);
    if (block) {
      const userId = decodeURIComponent(block[1]!);
      if (method === 'POST') blocked.add(userId);
      if (method === 'DELETE') blocked.delete(userId);
      return {
        body: { success: true, data: { userId, isBlocked: blocked.has(userId), changed: true } },
      };
    }
    if (url.pathname === '/api/auth/blocks') {
      const blocks = [...blocked].map((id) => ({
        user_id: id,
        first_name: 'Sam',
        last_name: 'Seller',
        username: 'sam',
        profile_image: null,
        blocked_at: '2026-11-20T10:00:00.000Z',
      }));
      return {
        body: {
          success: true,
          data: { blocks, total: blocks.length, page: 1, limit: 20, totalPages: 1 },
        },
      };
    }
    if (url.pathname === '/api/reports' && method === 'POST')
      return { status: 201, body: { success: true, data: {} } };
    return undefined;
  });
}

describe('blocking and reporting a member', () => {
  it('blocks from the store page after asking, then offers Unblock', async () => {
    signIn('me');
    const blocked = new Set<string>();
    const fetch = backend(blocked);
    renderApp('/store/seller');
    const block = await screen.findByRole('button', { name: 'Block' });
    // Enabled once the member's block status is known.
    await waitFor(() => expect(block).toBeEnabled());
    fireEvent.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Block Member?' });
    expect(dialog).toHaveTextContent('Member will not be told');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([u, init]) => String(u).endsWith('/api/auth/blocks/seller') && init?.method === 'POST',
      ),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(blocked.has('seller')).toBe(false);
  });

  it('reports a member with a reason that fits a member', async () => {
    signIn('me');
    const fetch = backend(new Set());
    renderApp('/store/seller');
    fireEvent.click(await screen.findByRole('button', { name: 'Report member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Member' });
    const reasons = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(reasons).toEqual([
      'Choose a reason',
      'Scam or fraud',
      'Harassment',
      'Offensive content',
      'Spam',
      'Other',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please choose a reason.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'harassment' } });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Rude messages' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = fetch.mock.calls.find(([u]) => String(u).endsWith('/api/reports'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      targetType: 'user',
      targetId: 'seller',
      reason: 'harassment',
      details: 'Rude messages',
    });
  });

  it('shows no Block or Report member on one’s own store', async () => {
    signIn('seller');
    backend(new Set());
    renderApp('/store/seller');
    expect(await screen.findByRole('heading', { name: 'Member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report member' })).not.toBeInTheDocument();
  });

  it('lists blocked members in My Account and unblocks one', async () => {
    signIn('me');
    const blocked = new Set(['seller']);
    const fetch = backend(blocked);
    renderApp('/my-account');
    const section = await screen.findByRole('region', { name: 'Blocked members' });
    expect(await within(section).findByText('Sam Seller')).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Unblock' }));
    expect(await within(section).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/blocks/seller').length).toBeGreaterThan(0);
  });
});
