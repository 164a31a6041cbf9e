import type { ProposalResponse } from '@swapbooth/contracts';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useUserId } from '../../../app/hooks';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { MemberSafetyActions } from '../../../components/member-safety';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useGetProposalQuery } from '../exchange-api';
import { LOCKED_MESSAGE, partyName, refusalOf } from '../proposal-view';
import { pickFromProposal } from '../components/listing-picker';
import { ProposalActions } from '../components/proposal-actions';
import { DisputePanel } from '../components/dispute-panel';
import { ProposalChat, ProposalChatTexts } from '../components/proposal-chat';
import { Parties, ProposalTerms, RoundHistory, StatusBadge } from '../components/proposal-parts';
import { ShippingSteps } from '../components/shipping-steps';
import { TradeClock } from '../components/trade-clock';
import { ListingList } from '../components/terms-view';
import { RatingForm, TradeRatings } from '../components/trade-ratings';
import '../exchange.css';

function LockedProposal({ proposal: p, me }: { proposal: ProposalResponse; me: string }) {
  return (
    <>
      <section className="panel locked-proposal" aria-labelledby="locked-title">
        <h2 id="locked-title" className="panel__title">
          {LOCKED_MESSAGE}
        </h2>
        <p>
          A subscription is needed to see who sent it and what they offer in return. This proposal
          has {p.round_count} {p.round_count === 1 ? 'round' : 'rounds'} so far.
        </p>
        <ListingList
          title="Your listings they asked for"
          items={p.requested_products.map(pickFromProposal)}
        />
        <p>{ProposalChatTexts.locked}</p>
        <div className="form__actions">
          <Link className="btn btn--primary" to="/subscription">
            Subscribe
          </Link>
        </div>
      </section>
      <ProposalActions proposal={p} me={me} only={['reject']} />
    </>
  );
}

/** Why a proposal ended without a trade, or where it stands, in a sentence. */
const statusNotes: Partial<Record<ProposalResponse['status'], string>> = {
  accepted: 'Accepted: the listings are reserved for this trade until it is completed.',
  completed: 'Completed: both sides were delivered.',
  rejected: 'This proposal was rejected.',
  cancelled: 'This proposal was cancelled.',
  expired: 'This proposal expired without an answer.',
  unavailable: 'A listing in this proposal was traded elsewhere, so it can no longer go ahead.',
  disputed: 'A problem was reported: the listings stay reserved until it is settled.',
};

function awaitingLine(p: ProposalResponse, me: string): string | undefined {
  if (!p.awaiting) return statusNotes[p.status];
  if (p.awaiting === me) return 'Your answer is needed.';
  const other = p.awaiting === p.sender_id ? p.sender : p.receiver;
  return `Waiting for ${partyName(other)} to answer.`;
}

function ProposalBody({ proposal: p, me }: { proposal: ProposalResponse; me: string }) {
  const accepted = p.status === 'accepted' || p.status === 'disputed' || p.status === 'completed';
  const waiting = awaitingLine(p, me);
  const otherIsSender = p.sender_id !== me;
  return (
    <>
      <Parties proposal={p} />
      <div className="proposal-page__member-actions">
        <MemberSafetyActions
          userId={(otherIsSender ? p.sender_id : p.receiver_id) ?? ''}
          name={partyName(otherIsSender ? p.sender : p.receiver)}
        />
      </div>
      {waiting && <p className="notice">{waiting}</p>}
      <ProposalActions proposal={p} me={me} />
      <ProposalTerms proposal={p} />
      <DisputePanel proposal={p} me={me} />
      <TradeClock proposal={p} />
      {accepted && <ShippingSteps proposal={p} me={me} />}
      {p.status === 'completed' && !p.rated_by_me && <RatingForm proposal={p} me={me} />}
      {p.status === 'completed' && <TradeRatings proposalId={p.proposal_id} />}
      <ProposalChat proposal={p} me={me} />
      <RoundHistory proposal={p} />
    </>
  );
}

/** An exchange that is one edge of a trade circle says so and links to the circle. */
function CircleNote({ proposal }: { proposal: ProposalResponse }) {
  const circleId = (proposal as { circle_id?: string | null }).circle_id;
  if (!circleId) return null;
  return (
    <p className="notice proposal-circle">
      Part of a trade circle.{' '}
      <Link to={`/circles/${encodeURIComponent(circleId)}`}>See the circle</Link>
    </p>
  );
}

/** /proposal/{proposalId}: the terms, the answers allowed, shipping and ratings. */
export default function ProposalPage() {
  usePageTitle('Proposal');
  const { proposalId = '' } = useParams();
  const me = useUserId();
  // Fresh on every visit and when the tab regains focus: the other member may have answered.
  const {
    data: p,
    isLoading,
    error,
    refetch,
  } = useGetProposalQuery(proposalId, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });

  if (isLoading) return <InlineLoading />;
  if (error || !p || !me) {
    const refusal = refusalOf(error);
    return refusal ? (
      <div className="page page--narrow">
        <EmptyState title={refusal}>
          <Link className="btn btn--primary" to="/my-account#trades">
            My trades
          </Link>
        </EmptyState>
      </div>
    ) : (
      <ErrorState
        message={errorMessage(error, 'This proposal could not be loaded.')}
        onRetry={refetch}
      />
    );
  }
  return (
    <div className="page exchange-page proposal-page">
      <header className="proposal-page__header">
        <h1 className="page__title">
          Proposal <StatusBadge status={p.status} />
        </h1>
        <p className="proposal-page__dates">
          Sent {formatDate(p.created_at)} · updated {formatDate(p.updated_at)}
          {p.expires_at && p.awaiting && ` · expires ${formatDate(p.expires_at)}`}
        </p>
      </header>
      <CircleNote proposal={p} />
      {p.details_locked ? (
        <LockedProposal proposal={p} me={me} />
      ) : (
        <ProposalBody proposal={p} me={me} />
      )}
    </div>
  );
}
