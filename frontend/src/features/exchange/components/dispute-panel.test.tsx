import type { DisputeResponse, ProposalResponse } from '@swapbooth/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, signIn } from '../../../test/test-utils';
import { bodiesSent, memberBackend, ME, ok, OTHER, proposal } from '../test-fixtures';

const PATH = '/api/exchange/proposal/pr1';
const KEY = `dispute-photos/${ME}/00000000-0000-4000-8000-000000000001.png`;
const SIGNED = `http://storage.test/swapbooth/private/${KEY}?X-Amz-Signature=s1`;

const dispute = (over: Partial<DisputeResponse> = {}): DisputeResponse => ({
  dispute_id: 'd1',
  proposal_id: 'pr1',
  opened_by: OTHER,
  respondent_id: ME,
  reason: 'damaged',
  description: 'The handle came off',
  photos: [],
  status: 'open',
  statements: [
    { by: OTHER, kind: 'report', text: 'The handle came off', at: '2026-01-05T10:00:00.000Z' },
  ],
  remedy: null,
  answer_due_at: '2026-01-08T10:00:00.000Z',
  escalated_at: null,
  outcome: null,
  closed_by: null,
  favouring: null,
  note: null,
  sanction: null,
  allowed_steps: ['accept_return', 'propose_remedy', 'contest', 'escalate'],
  circle_id: null,
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  closed_at: null,
  ...over,
});

const accepted = (over: Partial<ProposalResponse> = {}) =>
  proposal({
    status: 'accepted',
    awaiting: null,
    allowed_actions: ['cancel', 'ship', 'confirm_delivery', 'report_problem'],
    accepted_at: '2026-01-03T10:00:00.000Z',
    ...over,
  });

/** The proposal and its dispute; a report or a step replaces what GET answers next. */
function backend(initial: ProposalResponse, initialDispute?: DisputeResponse) {
  let p = initial;
  let d = initialDispute;
  return memberBackend((req) => {
    const { method, url } = req;
    if (method === 'GET' && url.pathname === PATH) return ok(p);
    if (method === 'GET' && url.pathname === `${PATH}/dispute`) {
      return d ? ok(d) : { status: 404, body: { success: false, message: 'No problem' } };
    }
    if (method === 'POST' && url.pathname === `${PATH}/dispute`) {
      const body = req.body as {
        reason: DisputeResponse['reason'];
        description: string;
        photos: string[];
      };
      d = dispute({
        opened_by: ME,
        respondent_id: OTHER,
        reason: body.reason,
        description: body.description,
        photos: body.photos,
        allowed_steps: ['escalate'],
      });
      p = { ...p, status: 'disputed', allowed_actions: [] };
      return ok(d, 201);
    }
    // The private path: an upload URL, the PUT to storage, publishing, then short-lived reads.
    if (method === 'POST' && url.pathname === '/api/images/upload-url') {
      return ok({
        presignedUrl: 'http://storage.test/swapbooth/uploads/put?X-Amz-Signature=u1',
        s3ObjectUrl: `http://storage.test/swapbooth/${KEY}`,
        key: KEY,
        expiresIn: 300,
        headers: {},
        maxBytes: 10_000_000,
      });
    }
    if (method === 'PUT' && url.hostname === 'storage.test') return { status: 200, body: {} };
    if (method === 'POST' && url.pathname === '/api/images/publish')
      return ok({ key: KEY, url: null });
    if (method === 'POST' && url.pathname === '/api/images/private-urls') {
      return ok({ urls: [{ key: KEY, url: SIGNED }], expires_in: 300 });
    }
    if (method === 'POST' && url.pathname === `${PATH}/dispute/steps`) {
      d = dispute({
        status: 'closed',
        outcome: 'cancelled',
        closed_by: 'agreement',
        allowed_steps: [],
      });
      p = { ...p, status: 'cancelled' };
      return ok(d);
    }
    return undefined;
  });
}

describe('a problem with an exchange', () => {
  it('reports a problem on an accepted exchange with its reason and description', async () => {
    const fetch = backend(accepted());
    signIn(ME);
    renderApp('/proposal/pr1');
    fireEvent.click(await screen.findByRole('button', { name: 'I have a problem' }));
    fireEvent.change(screen.getByLabelText('What went wrong?'), {
      target: { value: 'not_as_described' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Report the problem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tell us what happened.');
    fireEvent.change(screen.getByLabelText('What happened'), {
      target: { value: 'It is blue, not red' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Report the problem' }));
    expect(await screen.findByRole('heading', { name: 'Problem reported' })).toBeVisible();
    expect(bodiesSent(fetch, 'POST', `${PATH}/dispute`)).toEqual([
      { reason: 'not_as_described', description: 'It is blue, not red', photos: [] },
    ]);
    expect(screen.getByRole('button', { name: 'Ask Swapbooth to step in' })).toBeVisible();
  });

  it('sends a photo on the private path and shows it through its short-lived URL', async () => {
    const fetch = backend(accepted());
    signIn(ME);
    renderApp('/proposal/pr1');
    fireEvent.click(await screen.findByRole('button', { name: 'I have a problem' }));
    fireEvent.change(screen.getByLabelText('What happened'), {
      target: { value: 'Cracked base' },
    });
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'crack.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText(/Photos/), { target: { files: [photo] } });
    fireEvent.click(screen.getByRole('button', { name: 'Report the problem' }));
    expect(await screen.findByRole('img', { name: 'Photo 1 of the problem' })).toHaveAttribute(
      'src',
      SIGNED,
    );
    expect(bodiesSent(fetch, 'POST', '/api/images/upload-url')).toEqual([
      expect.objectContaining({ folderType: 'dispute-photos', fileType: 'image/png' }),
    ]);
    expect(bodiesSent(fetch, 'POST', '/api/images/publish')).toEqual([{ key: KEY }]);
    expect(bodiesSent(fetch, 'POST', `${PATH}/dispute`)).toEqual([
      { reason: 'not_as_described', description: 'Cracked base', photos: [KEY] },
    ]);
    expect(bodiesSent(fetch, 'POST', '/api/images/private-urls')).toContainEqual({ keys: [KEY] });
  });

  it('offers "I have a problem" only when allowed_actions lists report_problem', async () => {
    backend(accepted({ allowed_actions: ['confirm'] }));
    signIn(ME);
    renderApp('/proposal/pr1');
    expect(await screen.findByRole('button', { name: 'Everything is OK' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I have a problem' })).toBeNull();
  });

  it('offers the other party exactly the steps allowed, and shows the outcome once agreed', async () => {
    const fetch = backend(accepted({ status: 'disputed', allowed_actions: [] }), dispute());
    signIn(ME);
    renderApp('/proposal/pr1');
    expect(await screen.findByText('The handle came off')).toBeVisible();
    expect(
      screen
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) =>
          ['Accept a return', 'Propose a remedy', 'Contest', 'Ask Swapbooth to step in'].includes(
            t ?? '',
          ),
        ),
    ).toEqual(['Accept a return', 'Propose a remedy', 'Contest', 'Ask Swapbooth to step in']);
    expect(screen.queryByRole('button', { name: 'I have a problem' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Propose a remedy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Describe the remedy');
    fireEvent.click(screen.getByRole('button', { name: 'Accept a return' }));
    await waitFor(() =>
      expect(bodiesSent(fetch, 'POST', `${PATH}/dispute/steps`)).toEqual([
        { step: 'accept_return' },
      ]),
    );
    expect(
      await screen.findByText(/The exchange is cancelled and the listings are released/),
    ).toBeVisible();
  });
});
