import { usePageTitle } from '../../../lib/page-title';
import { useDashboardStatsQuery, useDeadLettersQuery } from '../admin-api';
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

/** The short name of a topic (swapbooth.exchange.proposal.v1 → exchange proposal). */
const topicLabel = (topic: string) =>
  topic
    .replace(/^swapbooth\./, '')
    .replace(/\.v\d+$/, '')
    .replace(/[.-]/g, ' ');

/** Events each topic's consumers gave up on after their retries (its dead-letter topic). */
function DeadLetterCounts() {
  const { data, isLoading, error } = useDeadLettersQuery(undefined, { pollingInterval: 30_000 });
  return (
    <section aria-labelledby="dead-letters-heading">
      <h2 id="dead-letters-heading">Dead-lettered events</h2>
      <QueryState isLoading={isLoading} error={error}>
        {data && (
          <>
            <p>
              {data.total === 0
                ? 'No event has been dead-lettered.'
                : `${data.total} ${data.total === 1 ? 'event was' : 'events were'} set aside after failing every retry.`}
            </p>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Topic</th>
                  <th scope="col">Dead-lettered</th>
                </tr>
              </thead>
              <tbody>
                {data.topics.map((t) => (
                  <tr key={t.topic}>
                    <th scope="row" title={t.topic}>
                      {topicLabel(t.topic)}
                    </th>
                    <td>{t.deadLettered}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </QueryState>
    </section>
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
      <DeadLetterCounts />
    </>
  );
}
