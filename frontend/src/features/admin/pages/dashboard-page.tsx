import { usePageTitle } from '../../../lib/page-title';
import { useDashboardStatsQuery } from '../admin-api';
import { BarChart, Breakdown } from '../components/bar-chart';
import { QueryState } from '../components/query-state';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="admin-stat">
      <span className="admin-stat__value">{value}</span>
      <span className="admin-stat__label">{label}</span>
    </div>
  );
}

/** Live figures from the admin service's projection, and the last 30 days as charts. */
export default function DashboardPage() {
  usePageTitle('Admin Dashboard');
  const { data, isLoading, error } = useDashboardStatsQuery(undefined, { pollingInterval: 30_000 });
  const days = data?.daily.map((d) => d.date) ?? [];
  return (
    <>
      <h1>Dashboard</h1>
      <QueryState isLoading={isLoading} error={error}>
        {data && (
          <>
            <div className="admin-stats">
              <Stat label="Members" value={data.members.total} />
              <Stat label="New in 7 days" value={data.members.newLast7Days} />
              <Stat label="New in 30 days" value={data.members.newLast30Days} />
              <Stat label="Suspended" value={data.members.suspended} />
              <Stat label="Verified members" value={data.members.verified} />
              <Stat label="Listings" value={data.listings.total} />
              <Stat label="Proposals" value={data.proposals.total} />
              <Stat label="Completed exchanges" value={data.completedExchanges} />
              <Stat label="Active subscriptions" value={data.activeSubscriptions} />
              <Stat label="Open reports" value={data.openReports} />
            </div>
            <div className="admin-charts">
              <BarChart title="Sign-ups" values={data.daily.map((d) => d.signUps)} labels={days} />
              <BarChart
                title="New listings"
                values={data.daily.map((d) => d.newListings)}
                labels={days}
              />
              <BarChart
                title="Proposals"
                values={data.daily.map((d) => d.proposals)}
                labels={days}
              />
              <BarChart
                title="Completed exchanges"
                values={data.daily.map((d) => d.completedExchanges)}
                labels={days}
              />
            </div>
            <div className="admin-charts">
              <Breakdown title="Listings by status" counts={data.listings.byStatus} />
              <Breakdown title="Proposals by status" counts={data.proposals.byStatus} />
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}
