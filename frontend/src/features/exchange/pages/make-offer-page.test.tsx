import { fireEvent, screen, waitFor } from '@testing-library/react';
import { productResponse } from '../../../test/fixtures';
import { currentUrl, renderApp, signIn, type Handler } from '../../../test/test-utils';
import {
  bodiesSent,
  fail,
  listingsPage,
  memberBackend,
  ME,
  ok,
  OTHER,
  proposal,
} from '../test-fixtures';

const bag = ok([
  {
    seller_id: OTHER,
    user_profile: { first_name: 'Olive', last_name: 'Tester' },
    products: [productResponse({ product_id: 'o1', slug: 'listing-o1', title: 'Listing o1' })],
  },
]);

/** OTHER's store, as GET /api/booth/{id} answers for its own id or OTHER's. */
const STORE = 'store-of-other';
const otherStore = ok({
  booth_id: STORE,
  user_id: OTHER,
  username: 'olives',
  name: 'Olive’s Corner',
  description: '',
  interests: [],
  status: 'active',
  views: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

/** OTHER publishes o1 and o2 (o1 is in my bag); I publish m1 and m2. `withStore`: OTHER has one. */
function offerBackend(answer?: Handler, { withStore = false } = {}) {
  return memberBackend((req) => {
    const { method, url } = req;
    if (withStore && [`/api/booth/${STORE}`, `/api/booth/${OTHER}`].includes(url.pathname)) {
      return otherStore;
    }
    if (url.pathname === `/api/product/published-by-user/${OTHER}`) {
      return { body: listingsPage(OTHER, ['o1', 'o2']) };
    }
    if (url.pathname === `/api/product/published-by-user/${ME}`) {
      return { body: listingsPage(ME, ['m1', 'm2']) };
    }
    if (url.pathname === `/api/product/${ME}/bag`) return bag;
    if (method === 'POST' && url.pathname === '/api/exchange/proposal') {
      return answer?.(req) ?? ok(proposal({ proposal_id: 'new-1', role: 'sender' }), 201);
    }
    return undefined;
  });
}

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openOffer(storeId = OTHER) {
  signIn(ME);
  const view = renderApp(`/exchange-proposal/${storeId}`);
  await screen.findByRole('heading', { name: 'Make an Offer' });
  await screen.findByRole('checkbox', { name: /Listing o1/ });
  return view;
}

describe('making an offer', () => {
  it('preselects the bag’s listings of that member and sends numbers and ids after the review', async () => {
    const fetch = offerBackend();
    const { router } = await openOffer();
    expect(screen.getByRole('checkbox', { name: /Listing o1/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Listing o2/ })).not.toBeChecked();

    fireEvent.click(screen.getByRole('checkbox', { name: /Listing m2/ }));
    typeInto('Deposit you add', '12.5');
    typeInto('Your shipping contribution', '3');
    typeInto('Message', 'Would you swap?');
    expect(screen.getByText('15/1000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));

    expect(await screen.findByRole('heading', { name: 'Review Your Offer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Listing m2' })).toHaveAttribute(
      'href',
      '/listings/listing-m2',
    );
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(bodiesSent(fetch, 'POST', '/api/exchange/proposal')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByRole('heading', { name: 'Proposal Sent' })).toBeInTheDocument();
    expect(bodiesSent(fetch, 'POST', '/api/exchange/proposal')).toEqual([
      {
        userId: ME,
        receiverId: OTHER,
        requestedProductIds: ['o1'],
        offeredProductIds: ['m2'],
        message: 'Would you swap?',
        deposit_amount: 12.5,
        sender_shipping_contribution: 3,
        receiver_shipping_contribution: 0,
      },
    ]);
    expect(router.state.location.pathname).toBe('/exchange-proposal-success');
    expect(screen.getByRole('link', { name: 'View proposal' })).toHaveAttribute(
      'href',
      '/proposal/new-1',
    );
    expect(screen.getByRole('link', { name: 'My trades' })).toHaveAttribute(
      'href',
      '/my-account#trades',
    );
  });

  it('resolves a store id to its owner: their listings, the store’s name, and the proposal to the owner', async () => {
    const fetch = offerBackend(undefined, { withStore: true });
    await openOffer(STORE);
    expect(screen.getByText(/Olive’s Corner/, { selector: 'a' })).toHaveAttribute(
      'href',
      `/store/${OTHER}`,
    );
    expect(screen.getByRole('checkbox', { name: /Listing o1/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Listing o2/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Listing m1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));
    expect(await screen.findByText('Olive’s Corner')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Edit offer' }));
    expect(await screen.findByRole('checkbox', { name: /Listing m1/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send offer' }));
    expect(await screen.findByRole('heading', { name: 'Proposal Sent' })).toBeInTheDocument();
    expect(bodiesSent(fetch, 'POST', '/api/exchange/proposal')).toEqual([
      expect.objectContaining({
        receiverId: OTHER,
        requestedProductIds: ['o1'],
        offeredProductIds: ['m1'],
      }),
    ]);
  });

  it('will not offer to my own store', async () => {
    memberBackend((req) =>
      req.url.pathname === '/api/booth/my-store'
        ? ok({ ...(otherStore.body.data as object), booth_id: 'my-store', user_id: ME })
        : undefined,
    );
    signIn(ME);
    renderApp('/exchange-proposal/my-store');
    expect(
      await screen.findByRole('heading', { name: 'You cannot make an offer to yourself' }),
    ).toBeInTheDocument();
  });

  it('names each problem and does not go on to the review', async () => {
    offerBackend();
    const { router } = await openOffer();
    fireEvent.click(screen.getByRole('checkbox', { name: /Listing o1/ }));
    typeInto('Deposit you add', '12.345');
    typeInto('Their shipping contribution', '10001');
    typeInto('Message', 'x'.repeat(1001));
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));

    expect(screen.getByText('Choose at least one of their listings.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Deposit you add must be an amount from 0 to 10,000 with at most two decimals.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Their shipping contribution must be an amount from 0 to 10,000 with at most two decimals.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Message must be at most 1,000 characters.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/exchange-proposal/${OTHER}`);
  });

  it('asks for one of my listings or a deposit', async () => {
    offerBackend();
    await openOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));
    expect(
      screen.getByText('Offer at least one of your listings, or add a deposit.'),
    ).toBeInTheDocument();
    typeInto('Deposit you add', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));
    expect(await screen.findByRole('heading', { name: 'Review Your Offer' })).toBeInTheDocument();
  });

  it('shows the service’s refusal and stays on the review', async () => {
    offerBackend(() => fail(409, 'Listing Listing o1 is no longer available'));
    const { router } = await openOffer();
    fireEvent.click(screen.getByRole('checkbox', { name: /Listing m1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send offer' }));
    expect(
      await screen.findAllByText('Listing Listing o1 is no longer available'),
    ).not.toHaveLength(0);
    expect(router.state.location.pathname).toBe('/exchange-proposal-review');
  });

  it('keeps the terms when going back from the review to edit them', async () => {
    offerBackend();
    await openOffer();
    fireEvent.click(screen.getByRole('checkbox', { name: /Listing m1/ }));
    typeInto('Deposit you add', '7.25');
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Offer' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Edit offer' }));
    expect(await screen.findByRole('checkbox', { name: /Listing m1/ })).toBeChecked();
    expect(screen.getByLabelText('Deposit you add')).toHaveValue('7.25');
  });

  it('sends a review page opened without a draft back to the bag', async () => {
    offerBackend();
    signIn(ME);
    const { router } = renderApp('/exchange-proposal-review');
    await waitFor(() => expect(currentUrl(router)).toBe('/exchange-bag'));
  });

  it('offers "Make an Offer" to the store of a seller in the bag who has one', async () => {
    mockBagWithStore();
    signIn(ME);
    renderApp('/exchange-bag');
    const link = await screen.findByRole('link', { name: 'Make an Offer to Olive’s Corner' });
    expect(link).toHaveAttribute('href', `/exchange-proposal/${STORE}`);
  });

  it('offers "Make an Offer" per seller in the bag', async () => {
    offerBackend();
    signIn(ME);
    renderApp('/exchange-bag');
    const link = await screen.findByRole('link', { name: 'Make an Offer to Olive Tester' });
    expect(link).toHaveAttribute('href', `/exchange-proposal/${OTHER}`);
    expect(link).toHaveTextContent('Make an Offer');
  });
});

function mockBagWithStore() {
  const store = {
    booth_id: STORE,
    name: 'Olive’s Corner',
    username: 'olives',
    interests: [],
    status: 'active' as const,
  };
  return memberBackend((req) =>
    req.url.pathname === `/api/product/${ME}/bag`
      ? ok([
          {
            seller_id: OTHER,
            user_profile: { first_name: 'Olive', last_name: 'Tester' },
            booth: store,
            products: [
              productResponse({ product_id: 'o1', user_id: OTHER, userId: OTHER, booth: store }),
            ],
          },
        ])
      : undefined,
  );
}
