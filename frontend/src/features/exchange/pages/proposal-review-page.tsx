import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useSessionStatus } from '../../../app/hooks';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading, LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../lib/page-title';
import { rememberRedirect } from '../../../lib/session';
import { useGetProposalQuery } from '../exchange-api';
import { LOCKED_MESSAGE, partyName, refusalOf, sidesOf } from '../proposal-view';
import { pickFromProposal } from '../components/listing-picker';
import { StatusBadge } from '../components/proposal-parts';
import { ListingList } from '../components/terms-view';
import '../exchange.css';

const TITLE = 'Review Proposal';

/** The actions a trade e-mail links with (view, accept, reject, rate), as the page words them. */
const actionWords: Record<string, string> = {
  accept: 'accept it',
  reject: 'reject it',
  counter: 'counter it',
  view: 'answer it',
  rate: 'rate the other member',
};
const wordsFor = (action: string) => actionWords[action] ?? 'answer it';

function Summary({ proposalId, action }: { proposalId: string; action: string }) {
  const { data: p, isLoading, error, refetch } = useGetProposalQuery(proposalId);
  if (isLoading) return <InlineLoading />;
  if (error || !p) {
    const refusal = refusalOf(error);
    return refusal ? (
      <EmptyState title={refusal} />
    ) : (
      <ErrorState
        message={errorMessage(error, 'This proposal could not be loaded.')}
        onRetry={refetch}
      />
    );
  }
  const sides = sidesOf(p);
  return (
    <div className="panel">
      <p>
        <StatusBadge status={p.status} />{' '}
        {p.details_locked
          ? LOCKED_MESSAGE
          : `A proposal between you and ${partyName(sides.otherParty)}, ${p.round_count} ${
              p.round_count === 1 ? 'round' : 'rounds'
            } so far.`}
      </p>
      <div className="terms-panel__sides">
        <ListingList
          title="You receive"
          items={sides.theirListings.map(pickFromProposal)}
          level={2}
        />
        <ListingList title="You give" items={sides.myListings.map(pickFromProposal)} level={2} />
      </div>
      <p>Nothing has been done yet: open the proposal to {wordsFor(action)}.</p>
      <div className="form__actions">
        <Link className="btn btn--primary" to={`/proposal/${encodeURIComponent(p.proposal_id)}`}>
          Open proposal
        </Link>
      </div>
    </div>
  );
}

/**
 * /proposal/{proposalId}/review/{action}: the link in a trade e-mail. Open to visitors; it never
 * acts on its own: a party sees a summary and opens the proposal, a visitor is asked to sign in.
 */
export default function ProposalReviewPage() {
  usePageTitle(TITLE);
  const { proposalId = '', action = 'view' } = useParams();
  const status = useSessionStatus();
  const navigate = useNavigate();
  const target = `/proposal/${encodeURIComponent(proposalId)}`;

  if (status === 'checking') return <LoadingScreen label="Checking your session" />;
  return (
    <div className="page page--narrow exchange-page">
      <h1 className="page__title">{TITLE}</h1>
      {status === 'signedIn' ? (
        <Summary proposalId={proposalId} action={action} />
      ) : (
        <div className="panel">
          <p>
            Someone answered or sent you an exchange proposal. Sign in to see it and to{' '}
            {wordsFor(action)}; you will come back to the proposal afterwards.
          </p>
          <div className="form__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                rememberRedirect({ pathname: target, search: '', hash: '' });
                navigate('/authenticate');
              }}
            >
              Sign in to continue
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
