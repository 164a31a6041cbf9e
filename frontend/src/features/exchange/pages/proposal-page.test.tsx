import type { ProposalResponse } from '@swapbooth/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, renderApp, signIn, type Handler } from '../../../test/test-utils';
import {
  bodiesSent,
  fail,
  listing,
  listingsPage,
  lockedProposal,
  memberBackend,
  ME,
  ok,
  OTHER,
  proposal,
  rating,
} from '../test-fixtures';
import { LOCKED_MESSAGE } from '../proposal-view';

const PATH = '/api/exchange/proposal/pr1';

/** Answers GET with `current` (which each successful move replaces) and records the moves. */
function proposalBackend(initial: ProposalResponse, extra?: Handler) {
  let current = initial;
  const fetch = memberBackend((req) => {
    const hit = extra?.(req);
    if (hit) return hit;
    const { method, url } = req;
    if (method === 'GET' && url.pathname === PATH) return ok(current);
    // A move is a PUT or POST under the proposal (a GET there reads, e.g. its dispute).
    if (method !== 'GET' && url.pathname.startsWith(`${PATH}/`)) {
      current = { ...current, allowed_actions: [] };
      return ok(current);
    }
    if (url.pathname === `/api/product/published-by-user/${OTHER}`) {
      return { body: listingsPage(OTHER, ['o1', 'o2']) };
    }
    if (url.pathname === `/api/product/published-by-user/${ME}`) {
      return { body: listingsPage(ME, ['r1', 'm2']) };
    }
    if (url.pathname === '/api/rating/proposal/pr1') return ok({ ratings: [rating()] });
    return undefined;
  });
  return fetch;
}

async function open(p: ProposalResponse, extra?: Handler) {
  const fetch = proposalBackend(p, extra);
  signIn(ME);
  const view = renderApp('/proposal/pr1');
  await screen.findByRole('heading', { name: /^Proposal/ });
  return { fetch, ...view };
}

const buttonNames = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => ['Accept', 'Reject', 'Counter', 'Cancel proposal'].includes(t ?? ''));

describe('the proposal page', () => {
  it('shows both parties, the terms from my side and the round history', async () => {
    await open(proposal());
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Olive Tester' })).toHaveAttribute(
      'href',
      `/store/${OTHER}`,
    );
    const receive = screen.getByRole('region', { name: 'You receive' });
    expect(within(receive).getByRole('link', { name: 'Listing o1' })).toHaveAttribute(
      'href',
      '/listings/listing-o1',
    );
    const give = screen.getByRole('region', { name: 'You give' });
    expect(within(give).getByRole('link', { name: 'Listing r1' })).toBeInTheDocument();
    expect(screen.getByText('Deposit they add').nextSibling).toHaveTextContent('$5.00');
    expect(screen.getByText('Their shipping contribution').nextSibling).toHaveTextContent('$2.50');
    expect(screen.getByRole('heading', { name: 'History (1 round)' })).toBeInTheDocument();
    expect(screen.getByText('Your answer is needed.')).toBeInTheDocument();
  });

  it('offers exactly the answers allowed_actions lists', async () => {
    const { unmount } = await open(proposal({ allowed_actions: ['accept', 'reject', 'counter'] }));
    expect(buttonNames()).toEqual(['Accept', 'Counter', 'Reject']);
    unmount();

    await open(proposal({ role: 'sender', awaiting: OTHER, allowed_actions: ['cancel'] }));
    expect(buttonNames()).toEqual(['Cancel proposal']);
  });

  it('accepts with the status call and the member’s id', async () => {
    const { fetch } = await open(proposal());
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', `${PATH}/status`)).toEqual([
        { status: 'accepted', userId: ME },
      ]),
    );
    // The page asks again for the proposal, whose answers are now gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
  });

  it('cancels only after the confirmation', async () => {
    const { fetch } = await open(
      proposal({ role: 'sender', awaiting: OTHER, allowed_actions: ['cancel'] }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel proposal' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this proposal?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(bodiesSent(fetch, 'PUT', `${PATH}/status`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel proposal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', `${PATH}/status`)).toEqual([
        { status: 'cancelled', userId: ME },
      ]),
    );
  });

  it('shows the service’s refusal of a move', async () => {
    await open(proposal(), (req) =>
      req.method === 'PUT' && req.url.pathname === `${PATH}/status`
        ? fail(409, 'Listing Listing r1 is no longer available')
        : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(
      (await screen.findAllByText('Listing Listing r1 is no longer available')).length,
    ).toBeGreaterThan(0);
  });

  it('offers Subscribe when a move needs a subscription', async () => {
    await open(proposal(), (req) =>
      req.method === 'PUT' && req.url.pathname === `${PATH}/status`
        ? {
            status: 403,
            body: {
              success: false,
              message: 'A subscription is needed to accept',
              code: 'subscription_required',
            },
          }
        : undefined,
    );
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('counters from the current terms, keeping the service’s orientation', async () => {
    const { fetch } = await open(proposal());
    fireEvent.click(screen.getByRole('button', { name: 'Counter' }));
    await screen.findByRole('heading', { name: 'Counter offer' });
    // Prefilled: their o1 and my r1, the sender's deposit and shipping.
    expect(screen.getByRole('checkbox', { name: /Listing o1/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Listing r1/ })).toBeChecked();
    expect(screen.getByLabelText('Deposit they add')).toHaveValue('5.00');
    expect(screen.getByLabelText('Their shipping contribution')).toHaveValue('2.50');

    fireEvent.click(screen.getByRole('checkbox', { name: /Listing o2/ }));
    fireEvent.change(screen.getByLabelText('Your shipping contribution'), {
      target: { value: '4.75' },
    });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Add the o2 too' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send counter offer' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'POST', `${PATH}/counter`)).toEqual([
        {
          userId: ME,
          // I am the receiver: what I give stays "requested", what they give "offered".
          requestedProductIds: ['r1'],
          offeredProductIds: ['o1', 'o2'],
          message: 'Add the o2 too',
          deposit_amount: 5,
          sender_shipping_contribution: 2.5,
          receiver_shipping_contribution: 4.75,
        },
      ]),
    );
  });

  it('locks the details for a receiver without a subscription: Subscribe, and only Reject', async () => {
    const { fetch } = await open(
      lockedProposal({ allowed_actions: ['reject', 'accept', 'counter'] }),
    );
    expect(screen.getByRole('heading', { name: LOCKED_MESSAGE })).toBeInTheDocument();
    expect(screen.getByText(/A subscription is needed to see who sent it/)).toHaveTextContent(
      '2 rounds',
    );
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Listing r1' })).toBeInTheDocument();
    expect(buttonNames()).toEqual(['Reject']);
    expect(screen.queryByText('Olive Tester')).toBeNull();
    expect(screen.queryByRole('region', { name: 'You receive' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', `${PATH}/status`)).toEqual([
        { status: 'rejected', userId: ME },
      ]),
    );
  });

  it.each([
    [403, 'This proposal is between two other members; you cannot view it.'],
    [404, 'This proposal does not exist or is no longer available.'],
  ])('answers a %s with a clear message', async (status, message) => {
    memberBackend(({ url }) => (url.pathname === PATH ? fail(status, 'refused') : undefined));
    signIn(ME);
    renderApp('/proposal/pr1');
    expect(await screen.findByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My trades' })).toBeInTheDocument();
  });
});

describe('shipping steps', () => {
  const accepted = (over: Partial<ProposalResponse> = {}) =>
    proposal({
      status: 'accepted',
      awaiting: null,
      accepted_at: '2026-01-03T10:00:00.000Z',
      allowed_actions: ['ship', 'confirm_delivery'],
      shipping: {
        sender: { status: 'shipped', tracking_note: 'UPS 1Z999', updated_at: null },
        receiver: { status: 'preparing', tracking_note: '', updated_at: null },
      },
      ...over,
    });

  it('marks my parcel shipped with the tracking note, as my side', async () => {
    const { fetch } = await open(accepted());
    const mine = screen.getByRole('region', { name: 'Your parcel' });
    fireEvent.change(within(mine).getByLabelText('Tracking note (optional)'), {
      target: { value: 'USPS 9400' },
    });
    fireEvent.click(within(mine).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', `${PATH}/shipping-status`)).toEqual([
        { status: 'shipped', type: 'receiver', userId: ME, tracking_note: 'USPS 9400' },
      ]),
    );
  });

  it('confirms the delivery of their parcel, as their side', async () => {
    const { fetch } = await open(accepted());
    const theirs = screen.getByRole('region', { name: 'Olive Tester’s parcel' });
    expect(within(theirs).getByText('UPS 1Z999')).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    fireEvent.click(within(theirs).getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', `${PATH}/shipping-status`)).toEqual([
        { status: 'delivered', type: 'sender', userId: ME },
      ]),
    );
  });

  it('words a service as performed', async () => {
    await open(accepted({ offered_products: [listing('o1', OTHER, { type: 'service' })] }));
    const theirs = screen.getByRole('region', { name: 'Olive Tester’s parcel' });
    expect(within(theirs).getByText('Performed')).toBeInTheDocument();
    expect(within(theirs).getByRole('button', { name: 'Confirm performed' })).toBeInTheDocument();
  });

  it('shows no step buttons the service does not allow', async () => {
    await open(accepted({ allowed_actions: [] }));
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm delivery' })).toBeNull();
  });
});

describe('rating after completion', () => {
  const completed = (over: Partial<ProposalResponse> = {}) =>
    proposal({
      status: 'completed',
      awaiting: null,
      accepted_at: '2026-01-03T10:00:00.000Z',
      completed_at: '2026-01-08T10:00:00.000Z',
      allowed_actions: ['rate'],
      shipping: {
        sender: { status: 'delivered', tracking_note: '', updated_at: null },
        receiver: { status: 'delivered', tracking_note: '', updated_at: null },
      },
      ...over,
    });

  it('rates the other member in half hearts with a comment', async () => {
    const { fetch } = await open(completed(), (req) =>
      req.method === 'POST' && req.url.pathname === '/api/rating'
        ? ok(rating({ rater_id: ME, rated_user_id: OTHER }), 201)
        : undefined,
    );
    const form = screen.getByRole('heading', { name: 'Rate Olive Tester' }).closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(within(form).getByText('Choose from 1 to 5 hearts.')).toBeInTheDocument();

    fireEvent.click(within(form).getByRole('radio', { name: '3.5 hearts' }));
    expect(within(form).getByRole('radio', { name: '3.5 hearts' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    fireEvent.change(within(form).getByLabelText('Comment'), {
      target: { value: 'Parcel well packed' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit rating' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'POST', '/api/rating')).toEqual([
        {
          proposal_id: 'pr1',
          rater_id: ME,
          rated_user_id: OTHER,
          rating_value: 3.5,
          comment: 'Parcel well packed',
        },
      ]),
    );
  });

  it('shows my rating as hidden until both have rated', async () => {
    await open(completed({ rated_by_me: true, allowed_actions: [] }), (req) =>
      req.url.pathname === '/api/rating/proposal/pr1'
        ? ok({
            ratings: [
              rating({
                rater_id: ME,
                rated_user_id: OTHER,
                comment: 'Well packed',
                shown: false,
                visible_at: '2026-01-22T10:00:00.000Z',
              }),
            ],
          })
        : undefined,
    );
    const ratings = await screen.findByRole('region', { name: 'Ratings of this trade' });
    expect(await within(ratings).findByText('Well packed')).toBeInTheDocument();
    expect(
      within(ratings).getByText(
        /^Hidden until both have rated\. Waiting for the other’s rating; shown on Jan 22, 2026 at the latest\.$/,
      ),
    ).toBeInTheDocument();
    expect(within(ratings).queryByRole('button', { name: 'Answer publicly' })).toBeNull();
  });

  it('lets me change my rating while it is hidden', async () => {
    const { fetch } = await open(completed({ rated_by_me: true, allowed_actions: [] }), (req) => {
      if (req.method === 'PUT' && req.url.pathname === '/api/rating/ra1') {
        return ok(rating({ rater_id: ME, rated_user_id: OTHER, rating_value: 3, shown: false }));
      }
      return req.url.pathname === '/api/rating/proposal/pr1'
        ? ok({
            ratings: [
              rating({ rater_id: ME, rated_user_id: OTHER, comment: 'Slow', shown: false }),
            ],
          })
        : undefined;
    });
    const ratings = await screen.findByRole('region', { name: 'Ratings of this trade' });
    fireEvent.click(await within(ratings).findByRole('button', { name: 'Change my rating' }));
    fireEvent.click(within(ratings).getByRole('radio', { name: '3 hearts' }));
    fireEvent.change(within(ratings).getByLabelText('Comment'), {
      target: { value: ' Slow, but well packed ' },
    });
    fireEvent.click(within(ratings).getByRole('button', { name: 'Save my rating' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'PUT', '/api/rating/ra1')).toEqual([
        { rating_value: 3, comment: 'Slow, but well packed' },
      ]),
    );
  });

  it('lets me answer the other’s shown rating of me', async () => {
    await open(completed({ rated_by_me: true, allowed_actions: [] }), (req) =>
      req.url.pathname === '/api/rating/proposal/pr1'
        ? ok({
            ratings: [
              rating({ rater_id: OTHER, rated_user_id: ME, comment: 'Slow', shown: true }),
              rating({ rating_id: 'ra2', rater_id: ME, rated_user_id: OTHER, shown: true }),
            ],
          })
        : undefined,
    );
    const ratings = await screen.findByRole('region', { name: 'Ratings of this trade' });
    expect(await within(ratings).findByText('Slow')).toBeInTheDocument();
    expect(within(ratings).getAllByRole('button', { name: 'Answer publicly' })).toHaveLength(1);
    expect(within(ratings).queryByText(/^Hidden until both have rated/)).toBeNull();
  });

  it('shows this trade’s ratings instead of the form once rated', async () => {
    const { fetch } = await open(completed({ rated_by_me: true, allowed_actions: [] }));
    expect(screen.queryByRole('button', { name: 'Submit rating' })).toBeNull();
    const ratings = await screen.findByRole('region', { name: 'Ratings of this trade' });
    expect(within(ratings).getByText('Smooth trade')).toBeInTheDocument();
    expect(within(ratings).getByRole('img', { name: '4.5 out of 5 hearts' })).toBeInTheDocument();
    expect(callsTo(fetch, '/api/rating/proposal/pr1')).toHaveLength(1);
  });
});
