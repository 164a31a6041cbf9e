import { screen, within } from '@testing-library/react';
import { mockFetch, renderApp } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const signIn = (role: string, permissions: Record<string, boolean> = {}) => {
  localStorage.setItem('adminToken', token);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'ops@example.test', role, permissions }),
  );
};

const platform = {
  generatedAt: '2026-11-30T10:00:00.000Z',
  sampleEverySeconds: 15,
  windowSeconds: 3600,
  times: ['2026-11-30T09:59:45.000Z', '2026-11-30T10:00:00.000Z'],
  services: [
    {
      service: 'gateway',
      up: true,
      error: null,
      requestRate: 12.5,
      errorRate: 0.02,
      p95Seconds: 0.18,
      series: { requestRate: [10, 15], errorRate: [0.01, 0.03], p95Seconds: [0.15, 0.2] },
    },
    {
      service: 'chat',
      up: false,
      error: 'fetch failed',
      requestRate: null,
      errorRate: null,
      p95Seconds: null,
      series: { requestRate: [null, null], errorRate: [null, null], p95Seconds: [null, null] },
    },
  ],
  topics: [
    {
      topic: 'swapbooth.exchange.proposal.v1',
      consumerLag: 42,
      lagByGroup: { notification: 40, chat: 2 },
      outboxPending: 3,
      oldestPendingSeconds: 2.5,
      deadLettered: 1,
    },
  ],
  streamConnections: 7,
  streamSeries: [6, 7],
  deadLettered: 1,
};

function server() {
  return mockFetch((req) => {
    if (req.url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
    if (req.url.pathname === '/api/admin/platform')
      return { body: { success: true, data: platform } };
    return undefined;
  });
}

describe('admin platform page', () => {
  it("shows each service's rates and latency, and each topic's lag, backlog and dead letters", async () => {
    signIn('executive');
    server();
    renderApp('/admin/platform');
    const gateway = (await screen.findByRole('heading', { name: /gateway/ })).closest('article')!;
    expect(gateway).toHaveTextContent('12.5/s');
    expect(gateway).toHaveTextContent('2.0%');
    expect(gateway).toHaveTextContent('180 ms');
    expect(
      within(gateway).getByRole('img', { name: /Request rate: latest 15\.0\/s/ }),
    ).toBeInTheDocument();
    const chat = screen.getByRole('heading', { name: /chat/ }).closest('article')!;
    expect(chat).toHaveTextContent('not answering');
    const row = screen.getByRole('rowheader', { name: 'exchange proposal' }).closest('tr')!;
    expect(row).toHaveTextContent('42');
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('2.50 s');
    expect(
      screen.getByText('1 event was set aside after failing every retry.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Open connections: latest 7/ })).toBeInTheDocument();
  });

  it('is an area of its own: staff without the platform permission do not see it', async () => {
    signIn('staff', { dashboard: true });
    server();
    renderApp('/admin/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Admin areas' });
    expect(within(nav).queryByRole('link', { name: 'Platform' })).not.toBeInTheDocument();
  });
});
