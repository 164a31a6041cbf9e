import type { ExchangeStatsResponse, ProposalResponse } from '@swapbooth/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import fallbackImage from '../../../assets/logo-mark.svg';
import { errorMessage } from '../../../app/http';
import { useUserId } from '../../../app/hooks';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';
import { formatDate } from '../../../lib/format';
import {
  useGetUserProposalsQuery,
  useGetUserStatsQuery,
  type ProposalQuery,
} from '../exchange-api';
import { partyName, sidesOf } from '../proposal-view';
import { StatusBadge } from './proposal-parts';
import '../exchange.css';

export const TRADES_PAGE_SIZE = 10;

/** The My trades tabs and the list query each one makes. */
export const tradeTabs = [
  { key: 'sent', label: 'Sent', query: { role: 'sent' } },
  { key: 'received', label: 'Received', query: { role: 'received' } },
  { key: 'active', label: 'Active', query: { status: 'pending,countered,accepted,disputed' } },
  {
    key: 'done',
    label: 'Done',
    query: { status: 'completed,rejected,cancelled,expired,unavailable' },
  },
] as const satisfies readonly {
  key: string;
  label: string;
  query: Partial<ProposalQuery>;
}[];

type TabKey = (typeof tradeTabs)[number]['key'];

function Stats({ stats }: { stats: ExchangeStatsResponse }) {
  const rows: [string, string][] = [
    ['Sent', String(stats.sent)],
    ['Received', String(stats.received)],
    ['Accepted', String(stats.accepted)],
    ['Completed', String(stats.completed)],
    ['Completion rate', `${Math.round(stats.completion_rate * 100)}%`],
  ];
  return (
    <dl className="trade-stats" aria-label="Trade stats">
      {rows.map(([label, value]) => (
        <div key={label} className="trade-stats__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProposalRow({ proposal: p }: { proposal: ProposalResponse }) {
  const sides = sidesOf(p);
  const other = partyName(sides.otherParty);
  const listings = [...p.requested_products, ...p.offered_products];
  return (
    <li className="trade-row">
      <div className="trade-row__thumbs" aria-hidden="true">
        {listings.slice(0, 4).map((l) => (
          <img
            key={l.product_id}
            src={l.image_url ?? fallbackImage}
            alt=""
            width={40}
            height={40}
          />
        ))}
        {listings.length > 4 && <span className="chip chip--more">+{listings.length - 4}</span>}
      </div>
      <div className="trade-row__body">
        <div className="trade-row__party">
          {p.role === 'sender' ? 'To' : 'From'} <strong>{other}</strong>
        </div>
        <div className="trade-row__titles">
          {listings.map((l) => l.title).join(', ') || `${p.round_count} round(s)`}
        </div>
      </div>
      <StatusBadge status={p.status} />
      <span className="trade-row__date">{formatDate(p.updated_at)}</span>
      <Link
        className="btn btn--secondary"
        to={`/proposal/${encodeURIComponent(p.proposal_id)}`}
        aria-label={`View proposal with ${other}`}
      >
        View
      </Link>
    </li>
  );
}

function TradeList({ userId, tab }: { userId: string; tab: TabKey }) {
  const [page, setPage] = useState(1);
  const query = tradeTabs.find((t) => t.key === tab)!.query;
  const { data, isLoading, isFetching, error, refetch } = useGetUserProposalsQuery({
    userId,
    ...query,
    page,
    limit: TRADES_PAGE_SIZE,
  });
  if (isLoading) return <InlineLoading />;
  if (error) return <ErrorState message={errorMessage(error)} onRetry={refetch} />;
  if (!data?.proposals.length) {
    return (
      <EmptyState title="No trades here yet">
        <p>Proposals you send or receive will appear here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="trade-list" aria-busy={isFetching}>
        {data.proposals.map((p) => (
          <ProposalRow key={p.proposal_id} proposal={p} />
        ))}
      </ul>
      <Pager page={data.page} totalPages={data.totalPages} onChange={setPage} />
    </>
  );
}

/** My Account → My trades: the stats, then the proposals by tab. */
export function MyTrades() {
  const me = useUserId();
  const [tab, setTab] = useState<TabKey>('sent');
  const stats = useGetUserStatsQuery(me ?? '', { skip: !me });
  if (!me) return null;
  return (
    <section className="my-trades" aria-labelledby="my-trades-title">
      <h2 id="my-trades-title" className="section-title">
        My trades
      </h2>
      {stats.data && <Stats stats={stats.data} />}
      <div className="tabs" role="tablist" aria-label="Trades">
        {tradeTabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            className={`tab${tab === t.key ? ' tab--active' : ''}`}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tradeTabs.find((t) => t.key === tab)!.label}>
        <TradeList key={tab} userId={me} tab={tab} />
      </div>
    </section>
  );
}
