import type { PlatformMetricsResponse } from '@swapbooth/contracts';
import { usePageTitle } from '../../../lib/page-title';
import { usePlatformMetricsQuery } from '../admin-api';
import { LineChart } from '../components/line-chart';
import { QueryState } from '../components/query-state';

/** How often the page asks again while it is open (the service samples every 15 s). */
const REFRESH_MS = 15_000;

const perSecond = (v: number) => `${v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0)}/s`;
const percent = (v: number) => `${(v * 100).toFixed(v < 0.01 && v > 0 ? 2 : 1)}%`;
const duration = (v: number) => (v < 1 ? `${Math.round(v * 1000)} ms` : `${v.toFixed(2)} s`);
const orDash = (v: number | null, f: (n: number) => string) => (v === null ? '–' : f(v));

/** The short name of a topic (swapbooth.exchange.proposal.v1 → exchange proposal). */
const topicLabel = (topic: string) =>
  topic
    .replace(/^swapbooth\./, '')
    .replace(/\.v\d+$/, '')
    .replace(/[.-]/g, ' ');

type ServiceFigures = PlatformMetricsResponse['services'][number];

function ServiceCard({ s }: { s: ServiceFigures }) {
  return (
    <article className="admin-platform__service" aria-labelledby={`platform-${s.service}`}>
      <h3 id={`platform-${s.service}`}>
        {s.service}{' '}
        <span className={s.up ? 'admin-platform__up' : 'admin-platform__down'}>
          {s.up ? 'up' : 'not answering'}
        </span>
      </h3>
      {!s.up && s.error && <p className="admin-muted">{s.error}</p>}
      <dl className="admin-platform__figures">
        <div>
          <dt>Requests</dt>
          <dd>{orDash(s.requestRate, perSecond)}</dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd>{orDash(s.errorRate, percent)}</dd>
        </div>
        <div>
          <dt>p95</dt>
          <dd>{orDash(s.p95Seconds, duration)}</dd>
        </div>
      </dl>
      <LineChart title="Request rate" values={s.series.requestRate} format={perSecond} />
      <LineChart title="Error rate" values={s.series.errorRate} format={percent} />
      <LineChart title="p95 latency" values={s.series.p95Seconds} format={duration} />
    </article>
  );
}

function Topics({ data }: { data: PlatformMetricsResponse }) {
  return (
    <section aria-labelledby="platform-topics-heading">
      <h2 id="platform-topics-heading">Events by topic</h2>
      <p>
        {data.deadLettered === 0
          ? 'No event has been dead-lettered.'
          : `${data.deadLettered} ${data.deadLettered === 1 ? 'event was' : 'events were'} set aside after failing every retry.`}
      </p>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Topic</th>
            <th scope="col">Consumer lag</th>
            <th scope="col">Outbox backlog</th>
            <th scope="col">Oldest waiting</th>
            <th scope="col">Dead-lettered</th>
          </tr>
        </thead>
        <tbody>
          {data.topics.map((t) => (
            <tr key={t.topic}>
              <th scope="row" title={t.topic}>
                {topicLabel(t.topic)}
              </th>
              <td
                title={Object.entries(t.lagByGroup)
                  .map(([group, lag]) => `${group}: ${lag}`)
                  .join(', ')}
              >
                {t.consumerLag}
              </td>
              <td>{t.outboxPending}</td>
              <td>{t.outboxPending > 0 ? duration(t.oldestPendingSeconds) : '–'}</td>
              <td>{t.deadLettered}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Admin → Platform: each service's request rate, error rate and p95 over the last hour, consumer
 * lag and outbox backlog per topic, dead letters and live event streams, refreshed while open.
 */
export default function PlatformPage() {
  usePageTitle('Platform · Admin');
  const { data, isLoading, error } = usePlatformMetricsQuery(undefined, {
    pollingInterval: REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
  return (
    <>
      <h1>Platform</h1>
      <QueryState isLoading={isLoading} error={error}>
        {data && (
          <>
            <p className="admin-muted">
              Over the last {Math.round(data.windowSeconds / 60)} minutes, sampled every{' '}
              {data.sampleEverySeconds} s; updated {new Date(data.generatedAt).toLocaleTimeString()}
              .
            </p>
            <section aria-labelledby="platform-services-heading">
              <h2 id="platform-services-heading">Services</h2>
              <div className="admin-platform__services">
                {data.services.map((s) => (
                  <ServiceCard key={s.service} s={s} />
                ))}
              </div>
            </section>
            <section aria-labelledby="platform-streams-heading">
              <h2 id="platform-streams-heading">Live event streams</h2>
              <LineChart
                title="Open connections"
                values={[...data.streamSeries.slice(0, -1), data.streamConnections]}
                format={(v) => String(Math.round(v))}
              />
            </section>
            <Topics data={data} />
          </>
        )}
      </QueryState>
    </>
  );
}
