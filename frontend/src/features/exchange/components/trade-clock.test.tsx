import type { ProposalResponse } from '@swapbooth/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signIn } from '../../../test/test-utils';
import { bodiesSent, memberBackend, ME, ok, proposal } from '../test-fixtures';

const PATH = '/api/exchange/proposal/pr1';
const none = { ship_by: null, extended: false, counts_delivered_at: null, confirmed: false };
const DAY = 24 * 3600_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/** An accepted exchange: OTHER sent it, I (the receiver) accepted. */
const accepted = (over: Partial<ProposalResponse> = {}) =>
  proposal({
    status: 'accepted',
    awaiting: null,
    accepted_at: '2026-01-03T10:00:00.000Z',
    allowed_actions: [],
    ...over,
  });

async function open(p: ProposalResponse) {
  let current = p;
  const fetch = memberBackend((req) => {
    if (req.method === 'GET' && req.url.pathname === PATH) return ok(current);
    if (req.url.pathname.startsWith(`${PATH}/`)) {
      current = { ...current, allowed_actions: [] };
      return ok(current);
    }
    return undefined;
  });
  signIn(ME);
  renderApp('/proposal/pr1');
  await screen.findByRole('heading', { name: /^Proposal/ });
  return fetch;
}

describe('the deadlines of an accepted exchange', () => {
  it('shows when each side ships by', async () => {
    const mine = inDays(3);
    const theirs = inDays(4);
    await open(
      accepted({
        next_deadline: mine,
        deadlines: { receiver: { ...none, ship_by: mine }, sender: { ...none, ship_by: theirs } },
      }),
    );
    const panel = screen.getByRole('region', { name: 'Deadlines' });
    expect(within(panel).getByText(`Ship by ${day(mine)}.`)).toBeInTheDocument();
    expect(within(panel).getByText(`Olive Tester ships by ${day(theirs)}.`)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('offers Extend once the partner is late, and sends the late parcel', async () => {
    const passed = inDays(-1);
    const fetch = await open(
      accepted({
        allowed_actions: ['cancel', 'extend'],
        deadlines: { receiver: none, sender: { ...none, ship_by: passed } },
      }),
    );
    const panel = screen.getByRole('region', { name: 'Deadlines' });
    expect(within(panel).getByText(/may cancel the exchange without penalty/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel proposal' })).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'POST', `${PATH}/extend`)).toEqual([{ type: 'sender' }]),
    );
  });

  it('says when it completes by itself, and completes it sooner on "Everything is OK"', async () => {
    const on = inDays(2);
    const fetch = await open(
      accepted({
        allowed_actions: ['confirm'],
        next_deadline: on,
        auto_complete_at: on,
        shipping: {
          sender: { status: 'delivered', tracking_note: '', updated_at: null },
          receiver: { status: 'delivered', tracking_note: '', updated_at: null },
        },
      }),
    );
    const panel = screen.getByRole('region', { name: 'Deadlines' });
    expect(
      within(panel).getByText(`Completes automatically on ${day(on)} unless you report a problem.`),
    ).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Everything is OK' }));
    await waitFor(() => expect(bodiesSent(fetch, 'POST', `${PATH}/confirm`)).toEqual([{}]));
  });
});
