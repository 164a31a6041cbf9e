import type { ProjectionReader } from './projection';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SERIES_DAYS = 30;

export interface DashboardStats {
  members: {
    total: number;
    newLast7Days: number;
    newLast30Days: number;
    suspended: number;
    verified: number;
  };
  listings: { total: number; byStatus: Record<string, number> };
  proposals: { total: number; byStatus: Record<string, number> };
  completedExchanges: number;
  activeSubscriptions: number;
  openReports: number;
  /** One entry per UTC day, oldest first, ending today. */
  daily: Array<{
    date: string;
    signUps: number;
    newListings: number;
    proposals: number;
    completedExchanges: number;
  }>;
  generatedAt: string;
}

const tally = (values: string[]) => {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
};

const dayOf = (d: Date) => new Date(d).toISOString().slice(0, 10);

/** The dashboard's figures, counted from the admin service's own projection of events. */
export async function dashboardStats(
  projection: Pick<ProjectionReader, 'snapshot'>,
  now: Date,
): Promise<DashboardStats> {
  const s = await projection.snapshot();
  const since = (days: number) => now.getTime() - days * DAY_MS;
  const registered = s.members.filter((m) => m.registeredAt).map((m) => new Date(m.registeredAt!));

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: SERIES_DAYS }, (_, i) =>
    dayOf(new Date(today - (SERIES_DAYS - 1 - i) * DAY_MS)),
  );
  const series = new Map(
    days.map((date) => [
      date,
      { date, signUps: 0, newListings: 0, proposals: 0, completedExchanges: 0 },
    ]),
  );
  const bump = (
    at: Date | undefined,
    key: 'signUps' | 'newListings' | 'proposals' | 'completedExchanges',
  ) => {
    if (!at) return;
    const row = series.get(dayOf(at));
    if (row) row[key] += 1;
  };
  registered.forEach((d) => bump(d, 'signUps'));
  s.listings.forEach((l) => bump(l.createdAt, 'newListings'));
  s.proposals.forEach((p) => {
    bump(p.createdAt, 'proposals');
    if (p.status === 'completed') bump(p.completedAt, 'completedExchanges');
  });

  const listings = s.listings.filter((l) => l.status !== 'deleted');
  return {
    members: {
      total: s.members.length,
      newLast7Days: registered.filter((d) => d.getTime() >= since(7)).length,
      newLast30Days: registered.filter((d) => d.getTime() >= since(30)).length,
      suspended: s.members.filter((m) => m.status === 'suspended').length,
      verified: s.members.filter((m) => m.verified).length,
    },
    listings: { total: listings.length, byStatus: tally(listings.map((l) => l.status)) },
    proposals: { total: s.proposals.length, byStatus: tally(s.proposals.map((p) => p.status)) },
    completedExchanges: s.proposals.filter((p) => p.status === 'completed').length,
    activeSubscriptions: s.subscriptions.filter(
      (x) => x.status === 'active' || x.status === 'trialing',
    ).length,
    openReports: s.reports.filter((r) => r.status === 'open').length,
    daily: days.map((d) => series.get(d)!),
    generatedAt: now.toISOString(),
  };
}
