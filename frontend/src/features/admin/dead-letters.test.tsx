import { screen, within } from '@testing-library/react';
import { mockFetch, renderApp } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

beforeEach(() => {
  localStorage.setItem('adminToken', token);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'exec@example.test', role: 'executive', permissions: {} }),
  );
});

const deadLetters = (counts: Record<string, number>) => ({
  success: true,
  data: {
    topics: Object.entries(counts).map(([topic, deadLettered]) => ({ topic, deadLettered })),
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    generatedAt: '2026-11-30T10:00:00.000Z',
  },
});

function server(counts: Record<string, number>) {
  return mockFetch((req) => {
    if (req.url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
    if (req.url.pathname === '/api/admin/dashboard/dead-letters')
      return { body: deadLetters(counts) };
    return undefined;
  });
}

describe('dashboard dead-letter counts', () => {
  it('shows how many events each topic set aside after its retries, and the total', async () => {
    const fetchMock = server({
      'swapbooth.exchange.proposal.v1': 3,
      'swapbooth.chat.message.v1': 1,
      'swapbooth.auth.user.v1': 0,
    });
    renderApp('/admin/dashboard');
    const section = (await screen.findByRole('heading', { name: 'Dead-lettered events' })).closest(
      'section',
    )!;
    expect(
      await within(section).findByText('4 events were set aside after failing every retry.'),
    ).toBeInTheDocument();
    const row = (name: string) => within(section).getByRole('rowheader', { name }).closest('tr')!;
    expect(row('exchange proposal')).toHaveTextContent('3');
    expect(row('chat message')).toHaveTextContent('1');
    expect(row('auth user')).toHaveTextContent('0');
    // Asked with the admin's token.
    const call = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/api/admin/dashboard/dead-letters'),
    );
    expect(new Headers((call?.[1] as RequestInit | undefined)?.headers).get('authorization')).toBe(
      `Bearer ${token}`,
    );
  });

  it('says so when nothing has been dead-lettered', async () => {
    server({ 'swapbooth.exchange.proposal.v1': 0 });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('No event has been dead-lettered.')).toBeInTheDocument();
  });
});
