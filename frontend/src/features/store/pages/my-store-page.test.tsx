import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, profileBody, renderApp, signIn } from '../../../test/test-utils';

// My Store is a lazy chunk compiled on first use: a generous deadline for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const booth = {
  booth_id: 'b1',
  user_id: 'me',
  username: 'ada.store',
  name: 'Ada’s Attic',
  description: 'Old things, good homes.',
  interests: ['Books'],
  status: 'active',
  views: 3,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

/** My store `ada.store`; `taken` names are unavailable; PUT answers with the merged booth. */
function myStoreBackend({ taken = [] as string[], putAnswer = undefined as unknown } = {}) {
  let current = { ...booth };
  return mockFetch(({ method, url, body }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody({ userId: 'me' }) };
    if (url.pathname === '/api/booth/username/ada.store' || url.pathname === '/api/booth/me')
      return { body: { success: true, data: current } };
    if (url.pathname === '/api/product/booth/ada.store') {
      return {
        body: {
          success: true,
          data: { products: [], totalCount: 0, page: 1, limit: 25, totalPages: 0 },
        },
      };
    }
    if (url.pathname.startsWith('/api/booth/check-name/')) {
      const value = decodeURIComponent(url.pathname.split('/').pop()!);
      const data = taken.includes(value)
        ? { available: false, reason: 'This booth name is taken' }
        : { available: true };
      return { body: { success: true, data } };
    }
    if (method === 'PUT' && url.pathname === '/api/booth/b1') {
      if (putAnswer) return putAnswer as { status: number; body: unknown };
      current = { ...current, ...(body as object) };
      return { body: { success: true, data: current } };
    }
    return undefined;
  });
}

const putBodies = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([input, init]) => String(input).endsWith('/api/booth/b1') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openDetails() {
  signIn('me');
  renderApp('/my-store/ada.store');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit store details' }));
  return screen.getByRole('form', { name: 'Store details' });
}

describe('editing my store’s details', () => {
  it('saves a new name, description and interests with PUT /api/booth/{id}', async () => {
    const fetch = myStoreBackend();
    const form = await openDetails();
    expect(within(form).getByLabelText('Store name')).toHaveValue('Ada’s Attic');
    fireEvent.change(within(form).getByLabelText('Store name'), {
      target: { value: '  Ada’s Loft ' },
    });
    expect(await within(form).findByText('Available')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Description'), {
      target: { value: 'Lamps and books.' },
    });
    const interests = within(form).getByLabelText('Exchange interests');
    fireEvent.change(interests, { target: { value: 'Lamps' } });
    fireEvent.keyDown(interests, { key: 'Enter' });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Books' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save store details' }));

    expect(await screen.findByText('Store details saved')).toBeInTheDocument();
    expect(putBodies(fetch)).toEqual([
      { name: 'Ada’s Loft', description: 'Lamps and books.', interests: ['Lamps'] },
    ]);
    expect(await screen.findByRole('heading', { name: 'Ada’s Loft' })).toBeInTheDocument();
    expect(screen.getByText('Lamps and books.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Store details' })).not.toBeInTheDocument();
  });

  it('keeps its own name without asking whether it is available', async () => {
    const fetch = myStoreBackend({ taken: ['Ada’s Attic'] });
    const form = await openDetails();
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'New.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save store details' }));
    await waitFor(() => expect(putBodies(fetch)).toHaveLength(1));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/booth/check-name/'))).toBe(false);
  });

  it('refuses a name that is too short or taken, and shows the service’s refusal', async () => {
    const fetch = myStoreBackend({
      taken: ['Bob’s Barn'],
      putAnswer: { status: 409, body: { success: false, message: 'This booth name is taken' } },
    });
    const form = await openDetails();
    const name = within(form).getByLabelText('Store name');
    const save = within(form).getByRole('button', { name: 'Save store details' });

    fireEvent.change(name, { target: { value: 'A' } });
    fireEvent.click(save);
    expect(within(form).getByRole('alert')).toHaveTextContent('Store name: Use 2 to 60 characters');

    fireEvent.change(name, { target: { value: 'Bob’s Barn' } });
    expect(await within(form).findByText('This booth name is taken')).toBeInTheDocument();
    fireEvent.click(save);
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Please choose an available store name.',
    );
    expect(putBodies(fetch)).toHaveLength(0);

    // Taken between the check and the save: the service's answer is shown.
    fireEvent.change(name, { target: { value: 'Carol’s Cabin' } });
    expect(await within(form).findByText('Available')).toBeInTheDocument();
    fireEvent.click(save);
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('This booth name is taken'),
    );
    expect(putBodies(fetch)).toHaveLength(1);
  });
});
