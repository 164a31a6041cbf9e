import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { useGetBagQuery, useRemoveFromBagMutation } from '../../../app/member-api';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { imageAt, offerPath } from '../../../lib/listing';
import { usePageTitle } from '../../../lib/page-title';
import fallbackImage from '../../../assets/logo-mark.svg';
import { AddToWantList } from '../../circles/components/add-to-want-list';
import '../bag.css';

export default function ExchangeBagPage() {
  usePageTitle('Exchange Bag');
  const userId = useUserId();
  const toast = useToast();
  const {
    data: groups,
    isLoading,
    error,
    refetch,
  } = useGetBagQuery(userId ?? '', { skip: !userId });
  const [remove, { isLoading: removing }] = useRemoveFromBagMutation();

  if (isLoading) return <InlineLoading />;
  if (error)
    return (
      <ErrorState
        message={errorMessage(error, 'Your bag could not be loaded.')}
        onRetry={refetch}
      />
    );

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Exchange Bag</h1>
      {!groups?.length && (
        <EmptyState title="Your exchange bag is empty">
          <p>Add listings you would like to trade for, then make an offer to their owner.</p>
          <Link className="btn btn--primary" to="/listings">
            Browse listings
          </Link>
        </EmptyState>
      )}
      {groups?.map((g) => (
        <section key={g.sellerId} className="panel bag-group">
          <div className="bag-group__header">
            <h2 className="panel__title">{g.boothName ?? g.sellerName ?? 'Seller'}</h2>
            <Link
              className="btn btn--primary"
              to={offerPath({ storeId: g.storeId, userId: g.sellerId })}
              aria-label={`Make an Offer to ${g.boothName || g.sellerName || 'this seller'}`}
            >
              Make an Offer
            </Link>
          </div>
          <ul className="bag-list">
            {g.listings.map((l) => (
              <li key={l.id} className="bag-item">
                <img src={imageAt(l.cover, 300) ?? fallbackImage} alt="" width={64} height={64} />
                <Link to={`/listings/${encodeURIComponent(l.slug)}`} className="bag-item__title">
                  {l.title}
                </Link>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={removing}
                  onClick={() =>
                    userId &&
                    remove({ productId: l.id, userId })
                      .unwrap()
                      .then(() => toast('Removed from your exchange bag', 'success'))
                      .catch((e: unknown) => toast(errorMessage(e), 'error'))
                  }
                >
                  Remove
                </button>
                {l.status === 'published' && (
                  <AddToWantList
                    listingId={l.id}
                    listingTitle={l.title}
                    label={`Add ${l.title} to my want list for`}
                    className="bag-item__want"
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
