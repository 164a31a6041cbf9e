import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, renderApp, signIn } from '../../../test/test-utils';
import { fail, memberBackend, ME, ok, proposal } from '../test-fixtures';

const stats = { sent: 3, received: 4, accepted: 2, completed: 1, completion_rate: 0.5 };

const page = (proposals = [proposal()], over = {}) =>
  ok({ proposals, totalCount: proposals.length, page: 1, limit: 10, totalPages: 1, ...over });

describe('My trades', () => {
  it('shows the stats and the sent proposals first, each linking to its page', async () => {
    const fetch = memberBackend(({ url }) => {
      if (url.pathname === `/api/exchange/user/${ME}/stats`) return ok(stats);
      if (url.pathname === `/api/exchange/user/${ME}/proposals`) {
        return page([proposal({ role: 'sender', proposal_id: 'pr9' })]);
      }
      return undefined;
    });
    signIn(ME);
    renderApp('/my-account#trades');
    const dl = await screen.findByLabelText('Trade stats');
    expect(within(dl).getByText('Completion rate').nextSibling).toHaveTextContent('50%');
    expect(within(dl).getByText('Received').nextSibling).toHaveTextContent('4');

    const link = await screen.findByRole('link', { name: 'View proposal with Max Tester' });
    expect(link).toHaveAttribute('href', '/proposal/pr9');
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
    const first = callsTo(fetch, `/api/exchange/user/${ME}/proposals`)[0]!;
    expect(Object.fromEntries(first.searchParams)).toEqual({
      role: 'sent',
      page: '1',
      limit: '10',
    });
  });

  it('asks for the open and accepted ones under Active and the finished ones under Done', async () => {
    const fetch = memberBackend(({ url }) => {
      if (url.pathname === `/api/exchange/user/${ME}/stats`) return ok(stats);
      if (url.pathname === `/api/exchange/user/${ME}/proposals`) return page([]);
      return undefined;
    });
    signIn(ME);
    renderApp('/my-account#trades');
    expect(await screen.findByText('No trades here yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    await waitFor(() =>
      expect(
        callsTo(fetch, `/api/exchange/user/${ME}/proposals`).map((u) =>
          u.searchParams.get('status'),
        ),
      ).toContain('pending,countered,accepted,disputed'),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Done' }));
    await waitFor(() =>
      expect(
        callsTo(fetch, `/api/exchange/user/${ME}/proposals`).map((u) =>
          u.searchParams.get('status'),
        ),
      ).toContain('completed,rejected,cancelled,expired,unavailable'),
    );
  });

  it('says "Failed to fetch proposals" when the list cannot be loaded', async () => {
    memberBackend(({ url }) => {
      if (url.pathname === `/api/exchange/user/${ME}/proposals`) return fail(500, 'boom');
      return undefined;
    });
    signIn(ME);
    renderApp('/my-account#trades');
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch proposals' }),
    ).toBeInTheDocument();
  });
});
