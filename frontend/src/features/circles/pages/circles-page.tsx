import type { CircleResponse } from '@swapbooth/contracts';
import { Link } from 'react-router-dom';
import fallbackImage from '../../../assets/logo-mark.svg';
import { errorMessage } from '../../../app/http';
import { useLiveStreamUp } from '../../../app/live-stream';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useGetCirclesQuery } from '../circles-api';
import { circleSize, sortCircles, WantListTexts } from '../circles-rules';
import { CircleStatusBadge } from '../components/circle-parts';
import '../circles.css';

/** While the live stream is down, the list is asked for again this often (SPEC §9). */
const POLL_MS = 10_000;

function CircleRow({ circle: c }: { circle: CircleResponse }) {
  const waiting = c.allowed_actions.length > 0;
  return (
    <li className="circle-row">
      <img src={c.receives.image_url ?? fallbackImage} alt="" width={56} height={56} />
      <div className="circle-row__body">
        <Link to={`/circles/${encodeURIComponent(c.circle_id)}`} className="circle-row__link">
          Your {c.gives.title} for {c.receives.title}
        </Link>
        <span className="circle-row__meta">
          <CircleStatusBadge status={c.status} /> {circleSize(c.size)} · {c.accepted_count} of{' '}
          {c.size} accepted · {formatDate(c.created_at)}
        </span>
        {waiting && <span className="notice circle-row__notice">Your answer is needed.</span>}
      </div>
    </li>
  );
}

/** /circles: the trade circles proposed to me, those waiting for my answer first. */
export default function CirclesPage() {
  usePageTitle('Trade circles');
  const live = useLiveStreamUp();
  const { data, isLoading, error, refetch } = useGetCirclesQuery(undefined, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
    pollingInterval: live ? 0 : POLL_MS,
  });
  return (
    <div className="page page--narrow circles-page">
      <h1 className="page__title">Trade circles</h1>
      <p className="circles-page__lead">
        A trade circle is a trade between several members at once: you give one of your listings to
        one member and receive another member&apos;s listing. It is proposed from everyone&apos;s
        want lists, and goes ahead once every member accepts.
      </p>
      <nav className="circles-page__links" aria-label="Trade circles">
        <Link className="btn btn--secondary" to="/circles/wants">
          My want lists
        </Link>
        <Link className="btn btn--ghost" to="/my-account#trades">
          My trades
        </Link>
        <Link className="btn btn--ghost" to="/circles/math-trades">
          Math trades
        </Link>
      </nav>
      {isLoading ? (
        <InlineLoading />
      ) : error ? (
        <ErrorState
          message={errorMessage(error, 'Your trade circles could not be loaded.')}
          onRetry={refetch}
        />
      ) : !data?.length ? (
        <EmptyState title="No trade circles yet">
          <p>{WantListTexts.explain}</p>
          <Link className="btn btn--primary" to="/circles/wants">
            My want lists
          </Link>
        </EmptyState>
      ) : (
        <ul className="circle-list" aria-label="My circles">
          {sortCircles(data).map((c) => (
            <CircleRow key={c.circle_id} circle={c} />
          ))}
        </ul>
      )}
    </div>
  );
}
