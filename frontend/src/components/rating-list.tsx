import type { RatingResponse } from '@swapbooth/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../app/http';
import { useToast } from '../app/hooks';
import { useAnswerRatingMutation } from '../app/ratings-api';
import { formatDate, fullName } from '../lib/format';
import { Avatar } from './avatar';
import { FormError } from './form-fields';
import { Heart, heartFills } from './hearts';

let ids = 0;

/** An answer's length, once trimmed (the exchange service's rule). */
export const ANSWER_MAX = 1000;

/** One rating's hearts (halves shown), named for screen readers as "4.5 out of 5 hearts". */
export function RatingHearts({ value }: { value: number }) {
  const id = `rating-half-${++ids}`;
  return (
    <span className="hearts" role="img" aria-label={`${value} out of 5 hearts`}>
      {heartFills(value).map((f, i) => (
        <Heart key={i} fill={f} id={id} />
      ))}
    </span>
  );
}

/** The member rated answers a rating of them, once, publicly. */
function AnswerForm({ rating }: { rating: RatingResponse }) {
  const toast = useToast();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, { isLoading }] = useAnswerRatingMutation();

  if (!open) {
    return (
      <button
        type="button"
        className="btn btn--ghost rating-item__reply"
        onClick={() => setOpen(true)}
      >
        Answer publicly
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const comment = text.trim();
    if (!comment) return setError('Write your answer first.');
    if (comment.length > ANSWER_MAX) {
      return setError(
        `Your answer must be at most ${ANSWER_MAX.toLocaleString('en-US')} characters.`,
      );
    }
    setError(null);
    try {
      await answer({ rating, comment }).unwrap();
      toast('Your answer is shown under the rating.', 'success');
    } catch (err) {
      setError(errorMessage(err, 'Your answer could not be saved.'));
    }
  };
  return (
    <form className="form rating-answer-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Your answer (shown to everyone; you can answer once)
        </label>
        <textarea id={inputId} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <FormError message={error} />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Publish answer
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Ratings as a list: the rater, the date, the hearts, the comment and the rated member's answer.
 * A rating not shown yet (only its rater gets it) says it waits for the other's; `me` may answer
 * a shown rating of them that has no answer yet.
 */
export function RatingList({ ratings, me }: { ratings: RatingResponse[]; me?: string }) {
  return (
    <ul className="rating-list">
      {ratings.map((r) => {
        const name =
          fullName(r.rater.first_name, r.rater.last_name) ||
          (r.rater.username ? `@${r.rater.username}` : 'Member');
        const hidden = r.shown === false;
        return (
          <li key={r.rating_id} className={`rating-item${hidden ? ' rating-item--hidden' : ''}`}>
            <Avatar src={r.rater.profile_image || undefined} name={name} size={32} />
            <div className="rating-item__body">
              <div className="rating-item__head">
                <strong className="rating-item__name">{name}</strong>
                <span className="rating-item__date">{formatDate(r.created_at)}</span>
              </div>
              <RatingHearts value={r.rating_value} />
              {r.comment && <p className="rating-item__comment">{r.comment}</p>}
              {hidden && (
                <p className="rating-item__hidden notice">
                  Hidden until both have rated. Waiting for the other’s rating
                  {r.visible_at ? `; shown on ${formatDate(r.visible_at)} at the latest` : ''}.
                </p>
              )}
              {r.answer && (
                <div className="rating-item__answer">
                  <span className="rating-item__answer-title">Answer</span>
                  <p className="rating-item__comment">{r.answer.comment}</p>
                </div>
              )}
              {!hidden && !r.answer && me !== undefined && r.rated_user_id === me && (
                <AnswerForm rating={r} />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
