import type { CircleResponse } from '@swapbooth/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { useLiveStreamUp } from '../../../app/live-stream';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-fields';
import { InlineLoading } from '../../../components/loading-screen';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { pickFromProposal } from '../../exchange/components/listing-picker';
import { ListingList } from '../../exchange/components/terms-view';
import { useAnswerCircleMutation, useGetCircleQuery } from '../circles-api';
import { answerLabels, circleSize, dissolvedNotes } from '../circles-rules';
import { CircleStatusBadge } from '../components/circle-parts';
import '../../exchange/exchange.css';
import '../circles.css';

const POLL_MS = 10_000;

function CircleActions({ circle: c }: { circle: CircleResponse }) {
  const toast = useToast();
  const [answer, state] = useAnswerCircleMutation();
  const [confirmDecline, setConfirmDecline] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowed = new Set(c.allowed_actions);
  if (allowed.size === 0) return null;

  const send = async (status: 'accepted' | 'declined') => {
    setConfirmDecline(false);
    setError(null);
    try {
      await answer({ circleId: c.circle_id, status }).unwrap();
      toast(
        status === 'accepted' ? 'You accepted the circle.' : 'You declined the circle.',
        'success',
      );
    } catch (err) {
      const message = errorMessage(err);
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <div className="proposal-actions">
      <div className="form__actions proposal-actions__buttons">
        {allowed.has('accept') && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={state.isLoading}
            onClick={() => void send('accepted')}
          >
            Accept
          </button>
        )}
        {allowed.has('decline') && (
          <button
            type="button"
            className="btn btn--danger"
            disabled={state.isLoading}
            onClick={() => setConfirmDecline(true)}
          >
            Decline
          </button>
        )}
      </div>
      <FormError message={error} />
      {confirmDecline && (
        <ConfirmModal
          title="Decline this circle?"
          confirmLabel="Yes, decline"
          confirmDisabled={state.isLoading}
          onConfirm={() => void send('declined')}
          onClose={() => setConfirmDecline(false)}
        >
          <p>
            The circle dissolves for everyone in it and your listing becomes available again. This
            trade will not be proposed to you again for a while.
          </p>
        </ConfirmModal>
      )}
    </div>
  );
}

function Exchanges({ exchanges }: { exchanges: NonNullable<CircleResponse['exchanges']> }) {
  return (
    <section className="panel circle-exchanges" aria-labelledby="circle-exchanges-title">
      <h2 id="circle-exchanges-title" className="panel__title">
        Your exchanges in this circle
      </h2>
      <p>Each is shipped and rated like any other trade.</p>
      <ul className="circle-exchanges__list">
        <li>
          <Link to={`/proposal/${encodeURIComponent(exchanges.gives_proposal_id)}`}>
            The exchange in which you give
          </Link>
        </li>
        <li>
          <Link to={`/proposal/${encodeURIComponent(exchanges.receives_proposal_id)}`}>
            The exchange in which you receive
          </Link>
        </li>
      </ul>
    </section>
  );
}

function whereItStands(c: CircleResponse): string {
  if (c.status === 'accepted')
    return 'Everyone accepted: the circle became one exchange per member, and the listings are reserved for them.';
  if (c.status === 'dissolved')
    return c.dissolved_reason ? dissolvedNotes[c.dissolved_reason] : 'This circle dissolved.';
  if (c.my_answer === 'pending') return 'Your answer is needed.';
  return `${answerLabels[c.my_answer]} Waiting for the other members to answer.`;
}

/** /circles/{id}: what I give, what I receive, the circle's size and where it stands. */
export default function CirclePage() {
  usePageTitle('Trade circle');
  const { circleId = '' } = useParams();
  const live = useLiveStreamUp();
  const {
    data: c,
    isLoading,
    error,
    refetch,
  } = useGetCircleQuery(circleId, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
    // The other members answer meanwhile: without the live stream, ask again now and then.
    pollingInterval: live ? 0 : POLL_MS,
  });

  if (isLoading) return <InlineLoading />;
  if (error || !c) {
    const status = (error as ApiError | undefined)?.status;
    if (status === 404 || status === 403)
      return (
        <div className="page page--narrow">
          <EmptyState title="This circle does not exist or you are not in it.">
            <Link className="btn btn--primary" to="/circles">
              Trade circles
            </Link>
          </EmptyState>
        </div>
      );
    return (
      <ErrorState
        message={errorMessage(error, 'This circle could not be loaded.')}
        onRetry={refetch}
      />
    );
  }
  return (
    <div className="page exchange-page circle-page">
      <header className="proposal-page__header">
        <h1 className="page__title">
          Trade circle <CircleStatusBadge status={c.status} />
        </h1>
        <p className="proposal-page__dates">
          Proposed {formatDate(c.created_at)} · updated {formatDate(c.updated_at)}
          {c.status === 'proposed' && c.expires_at && ` · answer by ${formatDate(c.expires_at)}`}
        </p>
      </header>
      <p className="circle-page__facts">
        This is <strong>{circleSize(c.size)}</strong>: each gives one listing and receives another.{' '}
        <span>
          {c.accepted_count} of {c.size} accepted.
        </span>
      </p>
      <p className="notice" role="status" aria-live="polite">
        {whereItStands(c)}
      </p>
      {c.problem_reported && (
        <p className="notice circle-page__problem">
          A problem was reported on one exchange of this circle and is being handled. Your own
          exchanges go on as agreed.
        </p>
      )}
      <CircleActions circle={c} />
      <section className="panel terms-panel" aria-labelledby="circle-terms-title">
        <h2 id="circle-terms-title" className="panel__title">
          Your part
        </h2>
        <div className="terms-panel__sides">
          <ListingList title="You give" items={[pickFromProposal(c.gives)]} />
          <ListingList title="You receive" items={[pickFromProposal(c.receives)]} />
        </div>
        <p className="circle-page__privacy">
          Who else is in the circle, and what they trade, stays private.
        </p>
      </section>
      {c.exchanges && <Exchanges exchanges={c.exchanges} />}
      <p>
        <Link to="/circles">All my trade circles</Link> ·{' '}
        <Link to="/circles/wants">My want lists</Link>
      </p>
    </div>
  );
}
