import type { WantListResponse } from '@swapbooth/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productResponse } from '../../test/fixtures';
import { renderApp, signIn, type Handler } from '../../test/test-utils';
import {
  bodiesSent,
  fail,
  listingsPage,
  memberBackend,
  ME,
  ok,
  OTHER,
  proposal,
} from '../exchange/test-fixtures';
import { notificationTarget } from '../notifications/notification-rules';
import { circle, mathTrade, wantList } from './test-fixtures';

/** The page's own outcome line (toasts are status regions too). */
const pageStatus = () => document.querySelector('.notice[role="status"]');

/** A backend holding my want lists: PUT replaces one, DELETE clears it. */
function wantsBackend(initial: WantListResponse[], extra?: Handler) {
  let lists = initial;
  return memberBackend((req) => {
    const hit = extra?.(req);
    if (hit) return hit;
    const { method, url } = req;
    if (method === 'GET' && url.pathname === '/api/circles/wants') return ok({ want_lists: lists });
    const m = /^\/api\/circles\/wants\/([^/]+)$/.exec(url.pathname);
    if (m && method === 'PUT') {
      const wants = (req.body as { wants: string[] }).wants;
      const saved = wantList(m[1]!, wants);
      lists = [...lists.filter((l) => l.product_id !== m[1]), saved];
      return ok(saved);
    }
    if (m && method === 'DELETE') {
      lists = lists.filter((l) => l.product_id !== m[1]);
      return ok(null);
    }
    if (url.pathname === `/api/product/published-by-user/${ME}`)
      return { body: listingsPage(ME, ['m1', 'm2']) };
    return undefined;
  });
}

describe('adding a listing to a want list', () => {
  const theirListing = {
    body: {
      success: true,
      data: productResponse({
        product_id: 'o9',
        slug: 'listing-o9',
        title: 'Listing o9',
        user_id: OTHER,
        userId: OTHER,
      }),
    },
  };
  const onListingPage: Handler = (req) =>
    req.url.pathname === '/api/product/slug/listing-o9' ? theirListing : undefined;

  it('appends the listing to the chosen listing’s want list and says so', async () => {
    const fetch = wantsBackend([wantList('m2', ['o1'])], onListingPage);
    signIn(ME);
    renderApp('/listings/listing-o9');
    const select = await screen.findByLabelText('Add to my want list for');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Listing m1', 'Listing m2']);
    fireEvent.change(select, { target: { value: 'm2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to want list' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', '/api/circles/wants/m2')).toEqual([{ wants: ['o1', 'o9'] }]),
    );
    expect(
      await screen.findByText('Added Listing o9 to your want list for Listing m2 (choice 2).', {
        selector: '[role="status"]',
      }),
    ).toBeInTheDocument();
  });

  it('says the listing is already there without sending anything', async () => {
    const fetch = wantsBackend([wantList('m1', ['o9', 'o1'])], onListingPage);
    signIn(ME);
    renderApp('/listings/listing-o9');
    await screen.findByLabelText('Add to my want list for');
    fireEvent.click(screen.getByRole('button', { name: 'Add to want list' }));
    expect(
      await screen.findByText('Listing o9 is already on your want list for Listing m1.'),
    ).toBeInTheDocument();
    expect(bodiesSent(fetch, 'PUT', '/api/circles/wants/m1')).toHaveLength(0);
  });

  it('shows the service’s refusal', async () => {
    wantsBackend(
      [],
      (req) =>
        onListingPage(req) ??
        (req.method === 'PUT' ? fail(400, 'wants: o9 is not a published listing') : undefined),
    );
    signIn(ME);
    renderApp('/listings/listing-o9');
    await screen.findByLabelText('Add to my want list for');
    fireEvent.click(screen.getByRole('button', { name: 'Add to want list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'wants: o9 is not a published listing',
    );
  });

  it('is offered for each listing in the bag', async () => {
    wantsBackend([], (req) =>
      req.url.pathname === `/api/product/${ME}/bag`
        ? {
            body: {
              success: true,
              data: [
                {
                  seller_id: OTHER,
                  products: listingsPage(OTHER, ['o3', 'o4']).data.products,
                },
              ],
            },
          }
        : undefined,
    );
    signIn(ME);
    renderApp('/exchange-bag');
    expect(await screen.findByLabelText('Add Listing o3 to my want list for')).toBeInTheDocument();
    expect(screen.getByLabelText('Add Listing o4 to my want list for')).toBeInTheDocument();
  });
});

describe('the want lists page', () => {
  const open = async (lists: WantListResponse[]) => {
    const fetch = wantsBackend(lists);
    signIn(ME);
    renderApp('/circles/wants');
    await screen.findByRole('heading', { name: 'My want lists' });
    return fetch;
  };

  it('explains want lists and their privacy when there are none', async () => {
    await open([]);
    expect(screen.getByRole('heading', { name: 'You have no want lists yet' })).toBeInTheDocument();
    expect(screen.getByText(/I would give my X for Y1, else Y2/)).toBeInTheDocument();
    expect(screen.getByText(/Want lists are private/)).toBeInTheDocument();
  });

  it('lists each listing’s wants in preference order and moves one up', async () => {
    const fetch = await open([wantList('m1', ['o1', 'o2', 't3'])]);
    const panel = await screen.findByRole('region', { name: /I would give my Listing m1 for/ });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => within(li).getAllByRole('link')[0]!.textContent),
    ).toEqual(['Listing o1', 'Listing o2', 'Listing t3']);
    expect(within(panel).getByRole('button', { name: 'Move Listing o1 up' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Move Listing t3 down' })).toBeDisabled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Move Listing t3 up' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', '/api/circles/wants/m1')).toEqual([
        { wants: ['o1', 't3', 'o2'] },
      ]),
    );
    expect(
      await screen.findByText('Listing t3 is now choice 2 for Listing m1.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: /I would give my Listing m1 for/ }))
          .getAllByRole('listitem')
          .map((li) => within(li).getAllByRole('link')[0]!.textContent),
      ).toEqual(['Listing o1', 'Listing t3', 'Listing o2']),
    );
  });

  it('moves one down and removes one', async () => {
    const fetch = await open([wantList('m1', ['o1', 'o2', 't3'])]);
    const panel = await screen.findByRole('region', { name: /Listing m1/ });
    fireEvent.click(within(panel).getByRole('button', { name: 'Move Listing o1 down' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', '/api/circles/wants/m1')).toEqual([
        { wants: ['o2', 'o1', 't3'] },
      ]),
    );
    await screen.findByText('Listing o1 is now choice 2 for Listing m1.');
    // The page shows the saved order straight away, and the next change starts from it.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: /Listing m1/ }))
          .getAllByRole('listitem')
          .map((li) => within(li).getAllByRole('link')[0]!.textContent),
      ).toEqual(['Listing o2', 'Listing o1', 'Listing t3']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Listing t3' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', '/api/circles/wants/m1')[1]).toEqual({
        wants: ['o2', 'o1'],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Listing t3' })).toBeNull());
  });

  it('clears a list only after the confirmation', async () => {
    const fetch = await open([wantList('m1', ['o1']), wantList('m2', ['o2'])]);
    const panel = await screen.findByRole('region', { name: /Listing m2/ });
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear list' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear list' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your want list for Listing m2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear it' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Listing m2/ })).not.toBeInTheDocument(),
    );
    expect(
      fetch.mock.calls.filter(
        ([u, init]) => init?.method === 'DELETE' && String(u).endsWith('/api/circles/wants/m2'),
      ),
    ).toHaveLength(1);
    expect(screen.getByRole('region', { name: /Listing m1/ })).toBeInTheDocument();
  });
});

describe('trade circles', () => {
  function circleBackend(initial = circle(), extra?: Handler) {
    let current = initial;
    return memberBackend((req) => {
      const hit = extra?.(req);
      if (hit) return hit;
      if (req.method === 'GET' && req.url.pathname === '/api/circles/c1') return ok(current);
      if (req.method === 'PUT' && req.url.pathname === '/api/circles/c1/status') {
        const status = (req.body as { status: 'accepted' | 'declined' }).status;
        current = {
          ...current,
          my_answer: status,
          allowed_actions: [],
          ...(status === 'declined'
            ? { status: 'dissolved' as const, dissolved_reason: 'declined' as const }
            : { accepted_count: current.accepted_count + 1 }),
        };
        return ok(current);
      }
      if (req.method === 'GET' && req.url.pathname === '/api/circles')
        return ok({
          circles: [
            circle({ circle_id: 'c0', status: 'dissolved', allowed_actions: [] }),
            circle({ circle_id: 'c2', status: 'accepted', allowed_actions: [] }),
            current,
          ],
        });
      return undefined;
    });
  }

  const openCircle = async (c = circle(), extra?: Handler) => {
    const fetch = circleBackend(c, extra);
    signIn(ME);
    renderApp('/circles/c1');
    await screen.findByRole('heading', { name: /^Trade circle/ });
    return fetch;
  };

  it('lists my circles, those waiting for me first', async () => {
    circleBackend();
    signIn(ME);
    renderApp('/circles');
    const list = await screen.findByRole('list', { name: 'My circles' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/circles/c1',
      '/circles/c2',
      '/circles/c0',
    ]);
    expect(links[0]).toHaveTextContent('Your Listing m1 for Listing o1');
    expect(within(list).getByText('Your answer is needed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My want lists' })).toHaveAttribute(
      'href',
      '/circles/wants',
    );
  });

  it('shows what I give, what I receive, the size and the deadline, and nobody else', async () => {
    await openCircle();
    expect(screen.getByText('Proposed', { selector: '.badge' })).toBeInTheDocument();
    const give = screen.getByRole('region', { name: 'You give' });
    expect(within(give).getByRole('link', { name: 'Listing m1' })).toHaveAttribute(
      'href',
      '/listings/listing-m1',
    );
    const receive = screen.getByRole('region', { name: 'You receive' });
    expect(within(receive).getByRole('link', { name: 'Listing o1' })).toBeInTheDocument();
    expect(screen.getByText('a circle of 3 members')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 accepted.')).toBeInTheDocument();
    expect(screen.getByText(/answer by Jan 5, 2026/)).toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent('Your answer is needed.');
    expect(screen.queryByRole('link', { name: /store/i })).toBeNull();
  });

  it('accepts, and then waits for the others', async () => {
    const fetch = await openCircle();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', '/api/circles/c1/status')).toEqual([{ status: 'accepted' }]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(screen.getByText('2 of 3 accepted.')).toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent(
      'You accepted. Waiting for the other members to answer.',
    );
  });

  it('declines only after the confirmation', async () => {
    const fetch = await openCircle();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(bodiesSent(fetch, 'PUT', '/api/circles/c1/status')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this circle?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', '/api/circles/c1/status')).toEqual([{ status: 'declined' }]),
    );
    expect(await screen.findByText('Dissolved', { selector: '.badge' })).toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent(/A member declined/);
  });

  it('shows the service’s refusal of an answer', async () => {
    await openCircle(circle(), (req) =>
      req.method === 'PUT' ? fail(409, 'This circle is no longer waiting for answers') : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(
      (await screen.findAllByText('This circle is no longer waiting for answers')).length,
    ).toBeGreaterThan(0);
  });

  it('links an accepted circle to my two exchanges', async () => {
    await openCircle(
      circle({
        status: 'accepted',
        my_answer: 'accepted',
        accepted_count: 3,
        allowed_actions: [],
        exchanges: { gives_proposal_id: 'pg', receives_proposal_id: 'pr' },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('link', { name: 'The exchange in which you give' })).toHaveAttribute(
      'href',
      '/proposal/pg',
    );
    expect(screen.getByRole('link', { name: 'The exchange in which you receive' })).toHaveAttribute(
      'href',
      '/proposal/pr',
    );
  });

  it('says a problem on another exchange of the circle is being handled, and nothing of it', async () => {
    await openCircle(
      circle({
        status: 'accepted',
        my_answer: 'accepted',
        accepted_count: 3,
        allowed_actions: [],
        exchanges: { gives_proposal_id: 'pg', receives_proposal_id: 'pr' },
        problem_reported: true,
      }),
    );
    expect(
      screen.getByText(
        /A problem was reported on one exchange of this circle and is being handled/,
      ),
    ).toBeVisible();
  });

  it('says a circle I am not in does not exist', async () => {
    await (async () => {
      memberBackend((req) =>
        req.url.pathname === '/api/circles/c9' ? fail(404, 'Circle not found') : undefined,
      );
      signIn(ME);
      renderApp('/circles/c9');
    })();
    expect(
      await screen.findByRole('heading', {
        name: 'This circle does not exist or you are not in it.',
      }),
    ).toBeInTheDocument();
  });

  it('marks a linked exchange as part of its circle', async () => {
    memberBackend((req) =>
      req.url.pathname === '/api/exchange/proposal/pr1'
        ? ok({ ...proposal({ status: 'accepted', allowed_actions: [] }), circle_id: 'c1' })
        : undefined,
    );
    signIn(ME);
    renderApp('/proposal/pr1');
    expect(await screen.findByText(/Part of a trade circle/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the circle' })).toHaveAttribute(
      'href',
      '/circles/c1',
    );
  });

  it('opens the circle from a circle notification', () => {
    const n = {
      id: 'n1',
      type: 'circle_proposed',
      title: 'A trade circle',
      message: 'You are in a circle of 3',
      data: JSON.stringify({ circle_id: 'c1' }),
      isRead: false,
      createdAt: '2026-01-02T10:00:00.000Z',
    };
    expect(notificationTarget(n)).toEqual({ kind: 'circle', circleId: 'c1' });
    expect(notificationTarget({ ...n, data: '{}' })).toMatchObject({ kind: 'error' });
  });
});

describe('math trades', () => {
  function organiserBackend(status: 'none' | 'requested' | 'approved' | 'refused') {
    let standing = status;
    return memberBackend((req) => {
      const { method, url } = req;
      const organiser = () =>
        ok({
          user_id: ME,
          status: standing,
          requested_at: standing === 'none' ? null : '2026-01-02T10:00:00.000Z',
          decided_at: null,
        });
      if (url.pathname === '/api/circles/organiser' && method === 'GET') return organiser();
      if (url.pathname === '/api/circles/organiser' && method === 'POST') {
        standing = 'requested';
        return { ...organiser(), status: 201 };
      }
      if (url.pathname === '/api/circles/math-trades' && method === 'POST')
        return ok(mathTrade({ name: (req.body as { name: string }).name }), 201);
      if (url.pathname === '/api/circles/math-trades' && method === 'GET')
        return ok({ math_trades: [] });
      return undefined;
    });
  }

  it('lets a member ask to organise, then says the request waits', async () => {
    const fetch = organiserBackend('none');
    signIn(ME);
    renderApp('/circles/math-trades');
    const ask = await screen.findByRole('button', { name: 'Ask to organise math trades' });
    expect(screen.getByText(/members with a booth whom an admin approved/)).toBeInTheDocument();
    fireEvent.click(ask);
    expect(await screen.findByText(/An admin will review your request/)).toBeInTheDocument();
    expect(
      fetch.mock.calls.filter(
        ([u, init]) => String(u).endsWith('/api/circles/organiser') && init?.method === 'POST',
      ),
    ).toHaveLength(1);
    expect(screen.queryByLabelText('Want-list file')).toBeNull();
  });

  it('solves an uploaded file and shows the counts, warnings, loops and report', async () => {
    const fetch = organiserBackend('approved');
    signIn(ME);
    renderApp('/circles/math-trades');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Spring trade' } });
    const text = '#! ALLOW-DUMMIES\n(alice) 0001-A : 0002-B\n(bob) 0002-B : 0001-A\n';
    fireEvent.change(screen.getByLabelText('Want-list file'), {
      target: { files: [new File([text], 'wants.txt', { type: 'text/plain' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Solve' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'POST', '/api/circles/math-trades')).toEqual([
        { name: 'Spring trade', file: text },
      ]),
    );
    const result = await screen.findByRole('region', { name: 'Result: Spring trade' });
    expect(within(result).getAllByText('196 of 874 items trading (22.4%)').length).toBeGreaterThan(
      0,
    );
    expect(within(result).getByText('Users trading').nextSibling).toHaveTextContent('34');
    expect(within(result).getByText('Group sizes').nextSibling).toHaveTextContent('7 3 2');
    expect(within(result).getByRole('list', { name: 'Warnings' })).toHaveTextContent(
      'Unknown item name ZZZ',
    );
    const rows = within(within(result).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('alice0001-Abob0002-B');
    expect(result.querySelector('pre')).toHaveTextContent('TRADE LOOPS (196 total trades):');
    expect(within(result).getByRole('button', { name: 'Download report' })).toBeInTheDocument();
  });

  it('asks for a name and a file before sending anything', async () => {
    const fetch = organiserBackend('approved');
    signIn(ME);
    renderApp('/circles/math-trades');
    fireEvent.click(await screen.findByRole('button', { name: 'Solve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the math trade a name.');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a want-list file.');
    expect(bodiesSent(fetch, 'POST', '/api/circles/math-trades')).toHaveLength(0);
  });
});
