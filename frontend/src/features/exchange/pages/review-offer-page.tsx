import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { FormError } from '../../../components/form-fields';
import { usePageTitle } from '../../../lib/page-title';
import { useCreateProposalMutation } from '../exchange-api';
import { draftFrom, type DraftState, type SentState } from '../offer-draft';
import { FIELD_LABELS } from '../offer-rules';
import { toServiceTerms } from '../proposal-view';
import { ListingList, MoneyList } from '../components/terms-view';
import '../exchange.css';

export const REVIEW_TITLE = 'Review Your Offer';

/** /exchange-proposal-review: the draft from "Make an Offer", then Send. */
export default function ReviewOfferPage() {
  usePageTitle(REVIEW_TITLE);
  const location = useLocation();
  const navigate = useNavigate();
  const me = useUserId();
  const toast = useToast();
  const [create, { isLoading }] = useCreateProposalMutation();
  const [error, setError] = useState<string | null>(null);
  const draft = draftFrom(location.state);

  // Opened directly (or the history entry lost its state): nothing to review.
  if (!draft) return <Navigate to="/exchange-bag" replace />;
  const { terms } = draft;
  const editPath = `/exchange-proposal/${encodeURIComponent(draft.storeId || draft.receiverId)}`;

  const send = async () => {
    if (!me) return;
    setError(null);
    try {
      const proposal = await create({
        userId: me,
        receiverId: draft.receiverId,
        ...toServiceTerms('sender', terms),
      }).unwrap();
      const sent: SentState = {
        proposalId: proposal.proposal_id,
        receiverName: draft.receiverName,
      };
      navigate('/exchange-proposal-success', { replace: true, state: sent });
    } catch (err) {
      const message = errorMessage(err, 'Your offer could not be sent.');
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <div className="page page--narrow exchange-page">
      <h1 className="page__title">{REVIEW_TITLE}</h1>
      <p className="exchange-page__lead">
        Your offer to <strong>{draft.receiverName}</strong>. Nothing is sent until you press Send.
      </p>
      <div className="panel terms-panel">
        <ListingList title="You ask for" items={draft.their} level={2} />
        <ListingList
          title="You offer"
          items={draft.mine}
          emptyText="No listings: a deposit only."
          level={2}
        />
        <MoneyList
          rows={[
            [FIELD_LABELS.deposit.sender, terms.deposit],
            [FIELD_LABELS.myShipping, terms.myShipping],
            [FIELD_LABELS.theirShipping, terms.theirShipping],
          ]}
        />
        <h2 className="terms-listings__title">Message</h2>
        <p className="terms-message">{terms.message || 'No message.'}</p>
      </div>
      <FormError message={error} />
      <div className="form__actions exchange-page__actions">
        <Link className="btn btn--secondary" to={editPath} state={{ draft } satisfies DraftState}>
          Edit offer
        </Link>
        <button
          type="button"
          className="btn btn--primary"
          disabled={isLoading}
          onClick={() => void send()}
        >
          {isLoading ? 'Sending...' : 'Send offer'}
        </button>
      </div>
    </div>
  );
}
