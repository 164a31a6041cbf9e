import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockFetch, renderApp } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

function storeAdmin(role: string, permissions: Record<string, boolean> = {}) {
  localStorage.setItem('adminToken', token);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'ops@example.test', role, permissions }),
  );
}

const party = (user_id: string, first_name: string) => ({
  user_id,
  first_name,
  last_name: 'Tester',
  username: first_name.toLowerCase(),
  profile_image: '',
});

const dispute = (status = 'escalated', extra: object = {}) => ({
  dispute_id: 'd1',
  proposal_id: 'pr1',
  opened_by: 'u1',
  respondent_id: 'u2',
  reason: 'not_as_described',
  description: 'The lamp has a crack',
  photos: ['https://img.test/products/u1/photo.jpg'],
  status,
  statements: [
    { by: 'u1', kind: 'report', text: 'The lamp has a crack', at: '2026-11-20T10:00:00.000Z' },
    { by: 'u2', kind: 'contest', text: 'It was fine', at: '2026-11-20T11:00:00.000Z' },
  ],
  remedy: null,
  answer_due_at: null,
  escalated_at: '2026-11-20T11:00:00.000Z',
  outcome: null,
  closed_by: null,
  favouring: null,
  note: null,
  sanction: null,
  allowed_steps: [],
  circle_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T11:00:00.000Z',
  closed_at: null,
  ...extra,
});

const parcel = (status: string) => ({ status, tracking_note: '', updated_at: null });
const clocks = {
  ship_by: '2026-11-18T10:00:00.000Z',
  extended: false,
  deliver_by: '2026-11-19T10:00:00.000Z',
  confirmed_at: null,
};

/** The admin API with one escalated dispute; resolving closes it. */
function server() {
  let current = dispute();
  return mockFetch((req) => {
    const p = req.url.pathname;
    if (p === '/api/auth/refresh') return { status: 401, body: { success: false } };
    if (p === '/api/admin/disputes' && req.method === 'GET') {
      return {
        body: {
          success: true,
          data: { disputes: [current], totalCount: 1, page: 1, limit: 25, totalPages: 1 },
        },
      };
    }
    if (p === '/api/admin/disputes/d1' && req.method === 'GET') {
      return {
        body: {
          success: true,
          data: {
            dispute: current,
            proposal: {
              proposal_id: 'pr1',
              status: current.status === 'closed' ? 'cancelled' : 'disputed',
              sender: party('u1', 'Ada'),
              receiver: party('u2', 'Bob'),
              terms: {
                round: 1,
                by: 'u1',
                requested_product_ids: ['l2'],
                offered_product_ids: ['l1'],
                message: 'Swap?',
                deposit_amount: 0,
                sender_shipping_contribution: 0,
                receiver_shipping_contribution: 0,
                created_at: '2026-11-19T10:00:00.000Z',
              },
              listing_titles: { l1: 'Blue vase', l2: 'Old lamp' },
              shipping: { sender: parcel('delivered'), receiver: parcel('delivered') },
              clocks: {
                sender: clocks,
                receiver: { ...clocks, confirmed_at: '2026-11-19T18:00:00.000Z' },
                report_by: '2026-11-21T10:00:00.000Z',
              },
              accepted_at: '2026-11-19T12:00:00.000Z',
              circle_id: null,
            },
            transcript:
              current.status === 'closed'
                ? null
                : [
                    {
                      message_id: 'm1',
                      sender_id: 'u2',
                      content: 'Posted it today',
                      created_at: '2026-11-19T13:00:00.000Z',
                    },
                  ],
            audit_id: 'au1',
          },
        },
      };
    }
    if (p === '/api/admin/disputes/d1/resolve' && req.method === 'POST') {
      const body = req.body as { outcome: string; favouring?: string; note: string };
      current = dispute('closed', {
        outcome: body.outcome,
        favouring: body.favouring ?? null,
        note: body.note,
        closed_by: 'admin',
      });
      return { body: { success: true, data: { dispute: current, audit_id: 'au2' } } };
    }
    return undefined;
  });
}

describe('admin disputes', () => {
  it('shows an admin with only the disputes area the queue, one dispute with its chat, and resolves it for the reporter', async () => {
    const fetchMock = server();
    storeAdmin('staff', { disputes: true });
    renderApp('/admin/disputes');
    expect(await screen.findByRole('heading', { name: 'Disputes' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Admin areas' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Disputes']);
    expect(callsTo(fetchMock, '/api/admin/disputes')[0]!.searchParams.get('status')).toBe(
      'escalated',
    );
    const row = (await screen.findByText('Not as described')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Open dispute d1' }));

    const detail = await screen.findByRole('region', { name: 'Dispute' });
    expect(within(detail).getByText(/Ada Tester gives/).nextSibling).toHaveTextContent('Blue vase');
    expect(within(detail).getByText(/It was fine/)).toBeVisible();
    expect(within(detail).getByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      'https://img.test/products/u1/photo.jpg',
    );
    expect(
      within(screen.getByRole('list', { name: 'Chat transcript' })).getByText(/Posted it today/),
    ).toBeVisible();

    fireEvent.click(within(detail).getByRole('button', { name: 'Resolve the dispute' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Write a note/);
    fireEvent.change(within(detail).getByLabelText('Note to both members'), {
      target: { value: 'The crack is not in the listing photos' },
    });
    fireEvent.click(within(detail).getByRole('button', { name: 'Resolve the dispute' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/admin/disputes/d1/resolve')).toHaveLength(1),
    );
    const sent = fetchMock.mock.calls
      .map(([input, init]) => ({ url: String(input), init }))
      .find((c) => c.url.includes('/resolve'))!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      outcome: 'cancelled',
      favouring: 'u1',
      note: 'The crack is not in the listing photos',
    });
    expect(await screen.findByText(/Exchange cancelled, listings released/)).toBeVisible();
    expect(screen.getByText(/The chat is shown only while the dispute is open/)).toBeVisible();
    expect(screen.getByText(/Photos are shown only while the dispute is open/)).toBeVisible();
  });
});
