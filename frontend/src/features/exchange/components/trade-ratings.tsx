import type { ProposalResponse, RatingResponse } from '@swapbooth/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { FormError } from '../../../components/form-fields';
import { InlineLoading } from '../../../components/loading-screen';
import { RatingList } from '../../../components/rating-list';
import { useChangeRatingMutation } from '../../../app/ratings-api';
import { useGetProposalRatingsQuery, useRateMutation } from '../exchange-api';
import { MESSAGE_MAX } from '../offer-rules';
import { partyName, sidesOf } from '../proposal-view';
import { HeartRatingInput } from './heart-rating-input';

export const COMMENT_MAX = MESSAGE_MAX;

/** Rate the other party of a completed trade: 1 to 5 hearts in halves and a comment. */
export function RatingForm({ proposal, me }: { proposal: ProposalResponse; me: string }) {
  const toast = useToast();
  const commentId = useId();
  const inputId = useId();
  const { otherParty, otherId } = sidesOf(proposal);
  const [value, setValue] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [rate, { isLoading }] = useRateMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value) return setError('Choose from 1 to 5 hearts.');
    if (comment.length > COMMENT_MAX) {
      return setError(`Comment must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`);
    }
    if (!otherId) return;
    setError(null);
    try {
      const saved = await rate({
        proposal_id: proposal.proposal_id,
        rater_id: me,
        rated_user_id: otherId,
        rating_value: value,
        comment: comment.trim(),
      }).unwrap();
      toast(
        saved.shown === false
          ? 'Thank you for your rating. It stays hidden until both of you have rated.'
          : 'Thank you for your rating. Both ratings are shown now.',
        'success',
      );
    } catch (err) {
      const message = errorMessage(err, 'Your rating could not be saved.');
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <form className="panel form rating-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="panel__title">Rate {partyName(otherParty)}</h2>
      <HeartRatingInput value={value} onChange={setValue} label="Your rating" />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Comment
        </label>
        <textarea
          id={inputId}
          rows={3}
          value={comment}
          aria-describedby={commentId}
          onChange={(e) => setComment(e.target.value)}
        />
        <span
          id={commentId}
          className={`char-count${comment.length > COMMENT_MAX ? ' char-count--over' : ''}`}
        >
          {comment.length}/{COMMENT_MAX}
        </span>
      </div>
      <FormError message={error} />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Submit rating
        </button>
      </div>
    </form>
  );
}

/** My rating while it is hidden: I may still change it (never once it is shown). */
function ChangeRatingForm({ rating }: { rating: RatingResponse }) {
  const toast = useToast();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(rating.rating_value);
  const [comment, setComment] = useState(rating.comment);
  const [error, setError] = useState<string | null>(null);
  const [change, { isLoading }] = useChangeRatingMutation();
  if (!open) {
    return (
      <button type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
        Change my rating
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (comment.length > COMMENT_MAX) {
      return setError(`Comment must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`);
    }
    setError(null);
    try {
      await change({ rating, rating_value: value, comment: comment.trim() }).unwrap();
      toast('Your rating is changed.', 'success');
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err, 'Your rating could not be changed.'));
    }
  };
  return (
    <form className="form rating-form" onSubmit={(e) => void submit(e)} noValidate>
      <HeartRatingInput value={value} onChange={setValue} label="Your rating" />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Comment
        </label>
        <textarea
          id={inputId}
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <FormError message={error} />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Save my rating
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The ratings given for this trade (GET /api/rating/proposal/{id}): both once both have rated (or
 * the rating window closed), meanwhile only my own, waiting for the other's.
 */
export function TradeRatings({ proposalId }: { proposalId: string }) {
  const me = useUserId();
  const { data, isLoading, error } = useGetProposalRatingsQuery(proposalId);
  const mineHidden = data?.ratings.find((r) => r.rater_id === me && r.shown === false);
  if (isLoading) return <InlineLoading />;
  if (error)
    return <p className="form__error">{errorMessage(error, 'Ratings could not be loaded.')}</p>;
  return (
    <section className="panel" aria-labelledby="trade-ratings-title">
      <h2 id="trade-ratings-title" className="panel__title">
        Ratings of this trade
      </h2>
      {data?.ratings.length ? (
        <RatingList ratings={data.ratings} {...(me ? { me } : {})} />
      ) : (
        <p>No ratings yet</p>
      )}
      {mineHidden && <ChangeRatingForm rating={mineHidden} />}
      <p className="rating-note">
        Ratings are hidden until both of you have rated, or 14 days after the trade completed; then
        both appear at once. A rating cannot be changed once it is shown.
      </p>
    </section>
  );
}
