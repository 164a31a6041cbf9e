import type { RatingResponse } from '@swapbooth/contracts';
import { formatDate, fullName } from '../lib/format';
import { Avatar } from './avatar';
import { Heart, heartFills } from './hearts';

let ids = 0;

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

/** Ratings as a list: the rater, the date, the hearts and the comment. */
export function RatingList({ ratings }: { ratings: RatingResponse[] }) {
  return (
    <ul className="rating-list">
      {ratings.map((r) => {
        const name =
          fullName(r.rater.first_name, r.rater.last_name) ||
          (r.rater.username ? `@${r.rater.username}` : 'Member');
        return (
          <li key={r.rating_id} className="rating-item">
            <Avatar src={r.rater.profile_image || undefined} name={name} size={32} />
            <div className="rating-item__body">
              <div className="rating-item__head">
                <strong className="rating-item__name">{name}</strong>
                <span className="rating-item__date">{formatDate(r.created_at)}</span>
              </div>
              <RatingHearts value={r.rating_value} />
              {r.comment && <p className="rating-item__comment">{r.comment}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
