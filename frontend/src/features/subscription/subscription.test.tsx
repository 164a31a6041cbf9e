import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  callsTo,
  mockFetch,
  profileBody,
  renderApp,
  signIn,
  type Handler,
} from '../../test/test-utils';
import { externalNavigation, VERIFICATION_SESSION_KEY } from './payment-rules';

const ME = 'user-1';

const plans = [
  {
    priceId: 'price_monthly',
    name: 'Monthly',
    amount: 999,
    currency: 'usd',
    interval: 'month',
    trialDays: 7,
  },
  {
    priceId: 'price_yearly',
    name: 'Yearly',
    amount: 9900,
    currency: 'usd',
    interval: 'year',
    trialDays: 0,
  },
];

const notSubscribed = {
  user_id: ME,
  is_kyc_verified: false,
  customer_id: 'cus_1',
  subscription_id: null,
  subscription_status: null,
  current_period_end: null,
  cancel_at_period_end: false,
  plan: null,
  verification_status: null,
};

const subscribed = {
  ...notSubscribed,
  subscription_id: 'sub_1',
  subscription_status: 'active',
  current_period_end: '2027-03-15T12:00:00.000Z',
  plan: { name: 'Yearly' },
};

/** The member's backend: payment data answered by `payment()` at each call. */
function backend(payment: () => unknown, more?: Handler) {
  return mockFetch((req) => {
    const { method, url } = req;
    const extra = more?.(req);
    if (extra) return extra;
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
    if (url.pathname === '/api/profile') return { body: profileBody({ userId: ME }) };
    if (url.pathname === '/api/stripe/plans') return { body: { success: true, data: plans } };
    // My Account's block list.
    if (url.pathname === '/api/auth/blocks')
      return { body: { success: true, data: { blocks: [], total: 0, page: 1, limit: 20 } } };
    if (method === 'GET' && url.pathname === `/api/user-stripe-data/${ME}`)
      return { body: { success: true, data: payment() } };
    return { body: { success: true, data: [] } };
  });
}

const sentBody = (fetch: ReturnType<typeof mockFetch>, path: string) => {
  const call = fetch.mock.calls.find(([u]) => String(u).endsWith(path));
  return call ? (JSON.parse(String(call[1]!.body)) as unknown) : undefined;
};

let go: jest.SpyInstance;
beforeEach(() => {
  window.sessionStorage.clear();
  go = jest.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
});
afterEach(() => go.mockRestore());

describe('the subscription page', () => {
  it('shows the plans and sends the member to Checkout for the one chosen', async () => {
    signIn(ME);
    const fetch = backend(
      () => notSubscribed,
      ({ method, url }) =>
        method === 'POST' && url.pathname === '/api/stripe/create-checkout-session'
          ? { body: { success: true, url: 'https://checkout.test/cs_1', sessionId: 'cs_1' } }
          : undefined,
    );
    renderApp('/subscription');
    expect(await screen.findByRole('heading', { name: 'Subscription' })).toBeInTheDocument();
    expect(screen.getByText('Not subscribed')).toBeInTheDocument();
    const yearly = screen.getByRole('article', { name: 'Yearly plan' });
    expect(within(yearly).getByText('$99.00')).toBeInTheDocument();
    expect(screen.getByText('7-day free trial')).toBeInTheDocument();

    fireEvent.click(within(yearly).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    expect(sentBody(fetch, '/api/stripe/create-checkout-session')).toEqual({
      priceId: 'price_yearly',
      customerId: 'cus_1',
      userId: ME,
    });
  });

  it('shows the renewal date and cancels at period end only after a confirmation', async () => {
    signIn(ME);
    let state: Record<string, unknown> = subscribed;
    const fetch = backend(
      () => state,
      ({ method, url }) => {
        if (method !== 'POST' || url.pathname !== '/api/stripe/subscriptions/cancel')
          return undefined;
        // The webhook confirms the cancellation a little later.
        setTimeout(() => {
          state = { ...subscribed, cancel_at_period_end: true };
        }, 50);
        return { body: { success: true, data: { id: 'sub_1', cancel_at_period_end: true } } };
      },
    );
    renderApp('/subscription');
    expect(await screen.findByText('Renews on March 15, 2027.')).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Subscribe' })) {
      expect(button).toBeDisabled();
    }

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('You keep access until March 15, 2027');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/stripe/subscriptions/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Cancel subscription',
      }),
    );
    expect(
      await screen.findByText(
        'Cancelled: you keep access until March 15, 2027. It will not renew.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(sentBody(fetch, '/api/stripe/subscriptions/cancel')).toEqual({
      subscriptionId: 'sub_1',
    });
  });
});

describe('the pages Checkout returns to', () => {
  it('waits for the webhook-confirmed subscription and then says so', async () => {
    signIn(ME);
    let calls = 0;
    backend(() =>
      ++calls < 2
        ? notSubscribed
        : { ...subscribed, subscription_status: 'trialing', plan: { name: 'Monthly' } },
    );
    renderApp('/subscription/success?session_id=cs_1');
    expect(
      await screen.findByRole('heading', { name: 'Confirming your payment' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'You are subscribed' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your Monthly subscription is free trial until March 15, 2027.',
    );
  });

  it('says nothing was charged when Checkout was cancelled', async () => {
    signIn(ME);
    backend(() => notSubscribed);
    renderApp('/subscription/cancel');
    expect(await screen.findByRole('heading', { name: 'Checkout cancelled' })).toBeInTheDocument();
    expect(screen.getByText('You were not charged.')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Not subscribed');
  });

  it('asks a visitor to sign in', async () => {
    backend(() => notSubscribed);
    renderApp('/subscription/success');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('identity verification', () => {
  it('starts from My Account settings and remembers the session it opened', async () => {
    signIn(ME);
    const fetch = backend(
      () => notSubscribed,
      ({ method, url }) =>
        method === 'POST' && url.pathname === '/api/stripe/create-verification-session'
          ? { body: { success: true, url: 'https://verify.test/vs_1', sessionId: 'vs_1' } }
          : undefined,
    );
    renderApp('/my-account#settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify your identity' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://verify.test/vs_1'));
    expect(window.sessionStorage.getItem(VERIFICATION_SESSION_KEY)).toBe('vs_1');
    expect(sentBody(fetch, '/api/stripe/create-verification-session')).toEqual({
      userId: ME,
      cusId: 'cus_1',
    });
  });

  it('shows a verified member their badge in settings', async () => {
    signIn(ME);
    backend(() => ({ ...notSubscribed, is_kyc_verified: true }));
    renderApp('/my-account#settings');
    expect(await screen.findByText('Your identity is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify your identity' })).not.toBeInTheDocument();
  });

  const verifying = (
    answers: Array<{ status: string; is_kyc_verified: boolean; last_error: string | null }>,
  ) => {
    let i = 0;
    return backend(
      () => notSubscribed,
      ({ method, url }) =>
        method === 'POST' && url.pathname === '/api/stripe/process-verification-success'
          ? { body: { success: true, data: answers[Math.min(i++, answers.length - 1)] } }
          : undefined,
    );
  };

  it('says pending while the check runs, then verified', async () => {
    signIn(ME);
    window.sessionStorage.setItem(VERIFICATION_SESSION_KEY, 'vs_1');
    const fetch = verifying([
      { status: 'processing', is_kyc_verified: false, last_error: null },
      { status: 'verified', is_kyc_verified: true, last_error: null },
    ]);
    renderApp('/verification-complete');
    expect(
      await screen.findByText('We are checking your document and selfie...'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Your identity is verified.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(sentBody(fetch, '/api/stripe/process-verification-success')).toEqual({
      userId: ME,
      sessionId: 'vs_1',
    });
    expect(window.sessionStorage.getItem(VERIFICATION_SESSION_KEY)).toBeNull();
  });

  it('offers another try when the document could not be verified', async () => {
    signIn(ME);
    window.sessionStorage.setItem(VERIFICATION_SESSION_KEY, 'vs_1');
    verifying([
      {
        status: 'requires_input',
        is_kyc_verified: false,
        last_error: 'The document could not be verified.',
      },
    ]);
    renderApp('/verification-complete');
    expect(await screen.findByText('Your verification needs another try.')).toBeInTheDocument();
    expect(screen.getByText('The document could not be verified.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
