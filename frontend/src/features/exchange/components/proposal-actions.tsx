import type { ProposalAction, ProposalResponse } from '@swapbooth/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { FormError } from '../../../components/form-fields';
import { ConfirmModal } from '../../../components/confirm-modal';
import {
  useCounterProposalMutation,
  useSetProposalStatusMutation,
  type StatusMove,
} from '../exchange-api';
import { toServiceTerms, type ViewerTerms } from '../proposal-view';
import { CounterForm } from './counter-form';

const done: Record<StatusMove, string> = {
  accepted: 'You accepted the proposal.',
  rejected: 'You rejected the proposal.',
  cancelled: 'The proposal is cancelled.',
};

/**
 * The answers the viewer may give, exactly as `allowed_actions` lists them: Accept, Reject,
 * Counter (opens the offer picker with the current terms) and Cancel (after a confirmation).
 * `only` narrows them further (the locked view offers Reject alone).
 */
export function ProposalActions({
  proposal: p,
  me,
  only,
}: {
  proposal: ProposalResponse;
  me: string;
  only?: readonly ProposalAction[];
}) {
  const toast = useToast();
  const [setStatus, statusState] = useSetProposalStatusMutation();
  const [counter, counterState] = useCounterProposalMutation();
  const [countering, setCountering] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The subscription lapsed since the page was loaded: the move needs one (SPEC §6).
  const [needsSubscription, setNeedsSubscription] = useState(false);
  const allowed = new Set(p.allowed_actions.filter((a) => !only || only.includes(a)));
  const busy = statusState.isLoading || counterState.isLoading;

  const refused = (err: unknown, fallback?: string) => {
    const message = errorMessage(err, fallback);
    setError(message);
    setNeedsSubscription((err as ApiError | undefined)?.code === 'subscription_required');
    toast(message, 'error');
  };

  const move = async (status: StatusMove) => {
    setError(null);
    setConfirmCancel(false);
    try {
      await setStatus({ proposalId: p.proposal_id, status, userId: me }).unwrap();
      toast(done[status], 'success');
    } catch (err) {
      refused(err);
    }
  };

  const sendCounter = async (terms: ViewerTerms) => {
    setError(null);
    try {
      await counter({
        proposalId: p.proposal_id,
        userId: me,
        terms: toServiceTerms(p.role, terms),
      }).unwrap();
      setCountering(false);
      toast('Your counter offer was sent.', 'success');
    } catch (err) {
      refused(err, 'Your counter offer could not be sent.');
    }
  };

  const answers: ProposalAction[] = ['accept', 'reject', 'counter', 'cancel'];
  const canAnswer = answers.some((a) => allowed.has(a));
  if (!canAnswer) return null;
  return (
    <div className="proposal-actions">
      <div className="form__actions proposal-actions__buttons">
        {allowed.has('accept') && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void move('accepted')}
          >
            Accept
          </button>
        )}
        {allowed.has('counter') && !countering && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => setCountering(true)}
          >
            Counter
          </button>
        )}
        {allowed.has('reject') && (
          <button
            type="button"
            className="btn btn--danger"
            disabled={busy}
            onClick={() => void move('rejected')}
          >
            Reject
          </button>
        )}
        {allowed.has('cancel') && (
          <button
            type="button"
            className="btn btn--ghost btn--danger"
            disabled={busy}
            onClick={() => setConfirmCancel(true)}
          >
            Cancel proposal
          </button>
        )}
      </div>
      {!countering && <FormError message={error} />}
      {needsSubscription && (
        <p>
          <Link className="btn btn--primary" to="/subscription">
            Subscribe
          </Link>
        </p>
      )}
      {countering && (
        <CounterForm
          proposal={p}
          me={me}
          busy={busy}
          serverError={error}
          onSubmit={(t) => void sendCounter(t)}
          onClose={() => setCountering(false)}
        />
      )}
      {confirmCancel && (
        <ConfirmModal
          title="Cancel this proposal?"
          confirmLabel="Yes, cancel it"
          confirmDisabled={busy}
          onConfirm={() => void move('cancelled')}
          onClose={() => setConfirmCancel(false)}
        >
          <p>
            {p.status === 'accepted'
              ? 'The trade is called off and the listings become available again.'
              : 'Your offer is withdrawn; the other member can no longer accept it.'}
          </p>
        </ConfirmModal>
      )}
    </div>
  );
}
