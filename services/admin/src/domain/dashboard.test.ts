import { dashboardStats } from './dashboard';
import type { ProjectionReader } from './projection';

type Snapshot = Awaited<ReturnType<ProjectionReader['snapshot']>>;
const now = new Date('2026-11-25T10:00:00.000Z');
const at = (iso: string) => new Date(iso);
const stats = (s: Partial<Snapshot>) =>
  dashboardStats(
    {
      snapshot: async () => ({
        members: [],
        listings: [],
        proposals: [],
        subscriptions: [],
        reports: [],
        ...s,
      }),
    },
    now,
  );

describe('dashboard figures', () => {
  it('ends the 30-day series today (UTC), counts each day by its UTC date, and new members over the last 30×24 h', async () => {
    const s = await stats({
      members: [
        { status: 'active', verified: false, registeredAt: at('2026-11-25T00:00:01.000Z') },
        { status: 'active', verified: false, registeredAt: at('2026-11-24T23:59:59.000Z') },
        { status: 'active', verified: false, registeredAt: at('2026-10-26T12:00:00.000Z') },
        { status: 'active', verified: false, registeredAt: at('2026-10-25T23:59:59.000Z') },
      ],
    });
    expect(s.daily).toHaveLength(30);
    expect(s.daily[0]!.date).toBe('2026-10-27');
    expect(s.daily.at(-1)).toMatchObject({ date: '2026-11-25', signUps: 1 });
    expect(s.daily.at(-2)).toMatchObject({ date: '2026-11-24', signUps: 1 });
    expect(s.daily.reduce((n, d) => n + d.signUps, 0)).toBe(2);
    expect(s.members).toMatchObject({ total: 4, newLast7Days: 2, newLast30Days: 3 });
  });

  it('counts trialing as active, leaves deleted listings out, and completed exchanges by completion day', async () => {
    const s = await stats({
      subscriptions: [{ status: 'active' }, { status: 'trialing' }, { status: 'past_due' }],
      listings: [
        { status: 'published', createdAt: at('2026-11-20T10:00:00.000Z') },
        { status: 'deleted', createdAt: at('2026-11-20T10:00:00.000Z') },
      ],
      proposals: [
        {
          status: 'completed',
          createdAt: at('2026-11-01T10:00:00.000Z'),
          completedAt: at('2026-11-23T10:00:00.000Z'),
        },
      ],
      reports: [{ status: 'open' }, { status: 'dismissed' }],
    });
    expect(s.activeSubscriptions).toBe(2);
    expect(s.listings).toEqual({ total: 1, byStatus: { published: 1 } });
    expect(s.completedExchanges).toBe(1);
    expect(s.daily.find((d) => d.date === '2026-11-23')!.completedExchanges).toBe(1);
    expect(s.daily.find((d) => d.date === '2026-11-01')!.proposals).toBe(1);
    expect(s.openReports).toBe(1);
  });
});
