import { errorMessage } from '../../../app/http';
import { useUserId } from '../../../app/hooks';
import { useGetMemberRatingsQuery } from '../../../app/member-api';
import { EmptyState } from '../../../components/empty-state';
import { Hearts } from '../../../components/hearts';
import { InlineLoading } from '../../../components/loading-screen';
import { RatingList } from '../../../components/rating-list';
import './store-ratings.css';

/** The member's ratings from past trades: the average in hearts, the count and the comments. */
export function StoreRatings({ userId }: { userId: string }) {
  const me = useUserId();
  const { data, isLoading, error } = useGetMemberRatingsQuery(userId, { skip: !userId });
  return (
    <section className="store-ratings" aria-labelledby="store-ratings-title">
      <h2 id="store-ratings-title" className="section-title">
        Ratings
      </h2>
      {isLoading ? (
        <InlineLoading />
      ) : error ? (
        <p className="form__error" role="alert">
          {errorMessage(error, 'Ratings could not be loaded.')}
        </p>
      ) : !data?.count ? (
        <EmptyState title="No ratings yet" />
      ) : (
        <>
          <p className="store-ratings__summary">
            <Hearts rating={data.average_rating} count={data.count} />
            <span className="store-ratings__average">
              {data.average_rating.toFixed(1)} average from {data.count}{' '}
              {data.count === 1 ? 'rating' : 'ratings'}
            </span>
          </p>
          {/* The store's owner may answer each rating once. */}
          <RatingList ratings={data.ratings} {...(me ? { me } : {})} />
        </>
      )}
    </section>
  );
}
