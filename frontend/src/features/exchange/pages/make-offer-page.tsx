import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../../app/http';
import { useUserId } from '../../../app/hooks';
import { useGetBagQuery, useGetMyBoothQuery } from '../../../app/member-api';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { sellerDisplayName, type Listing } from '../../../lib/listing';
import { usePageTitle } from '../../../lib/page-title';
import { useGetTradeableListingsQuery } from '../exchange-api';
import { draftFrom, type DraftState, type OfferDraft } from '../offer-draft';
import type { ViewerTerms } from '../proposal-view';
import { OfferForm } from '../components/offer-form';
import { pickFromListing } from '../components/listing-picker';
import '../exchange.css';

export const MAKE_OFFER_TITLE = 'Make an Offer';
export const REVIEW_BUTTON = 'Review Your Offer';

/** Only published listings can be traded (a reserved one is promised elsewhere). */
const tradeable = (listings: Listing[] | undefined) =>
  (listings ?? []).filter((l) => l.status === 'published');

/**
 * /exchange-proposal/{storeId}: choose their listings and yours, the money and a message. The
 * store is resolved to its owner, to whom the proposal goes; a member without a store is named by
 * their own id (the store lookup answers either, and 404 for a member without one).
 */
export default function MakeOfferPage() {
  usePageTitle(MAKE_OFFER_TITLE);
  const { storeId = '' } = useParams();
  const me = useUserId();
  const navigate = useNavigate();
  const location = useLocation();
  const restored = draftFrom(location.state);
  const store = useGetMyBoothQuery(storeId, { skip: !storeId });
  const noStore = (store.error as ApiError | undefined)?.status === 404;
  const sellerId = store.data?.userId ?? (noStore ? storeId : '');
  const theirs = useGetTradeableListingsQuery({ userId: sellerId }, { skip: !sellerId });
  const mine = useGetTradeableListingsQuery({ userId: me ?? '' }, { skip: !me });
  const bag = useGetBagQuery(me ?? '', { skip: !me });

  if (store.isLoading) return <InlineLoading />;
  if (store.error && !noStore) {
    return (
      <ErrorState
        message={errorMessage(store.error, 'This store could not be loaded.')}
        onRetry={() => void store.refetch()}
      />
    );
  }
  if (me && me === sellerId) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{MAKE_OFFER_TITLE}</h1>
        <EmptyState title="You cannot make an offer to yourself">
          <Link className="btn btn--primary" to="/exchange-bag">
            Back to your exchange bag
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (theirs.isLoading || mine.isLoading || bag.isLoading) return <InlineLoading />;
  const failed = theirs.error ?? mine.error;
  if (failed) {
    return (
      <ErrorState
        message={errorMessage(failed, 'The listings could not be loaded.')}
        onRetry={() => {
          void theirs.refetch();
          if (me) void mine.refetch();
        }}
      />
    );
  }

  const theirListings = tradeable(theirs.data?.listings);
  const group = bag.data?.find((g) => g.sellerId === sellerId);
  const receiverName =
    store.data?.name ||
    (theirListings[0] && sellerDisplayName(theirListings[0])) ||
    group?.boothName ||
    group?.sellerName ||
    'this member';
  const theirItems = theirListings.map(pickFromListing);
  const myItems = tradeable(mine.data?.listings).map(pickFromListing);
  const available = new Set(theirItems.map((i) => i.id));

  // Coming back from the review keeps the draft; otherwise start from the bag.
  const initial: ViewerTerms = restored?.terms ?? {
    theirIds: (group?.listings ?? []).map((l) => l.id).filter((id) => available.has(id)),
    myIds: [],
    deposit: 0,
    myShipping: 0,
    theirShipping: 0,
    message: '',
  };

  const review = (terms: ViewerTerms) => {
    const draft: OfferDraft = {
      receiverId: sellerId,
      storeId,
      receiverName,
      terms,
      their: theirItems.filter((i) => terms.theirIds.includes(i.id)),
      mine: myItems.filter((i) => terms.myIds.includes(i.id)),
    };
    navigate('/exchange-proposal-review', { state: { draft } satisfies DraftState });
  };

  return (
    <div className="page exchange-page">
      <h1 className="page__title">{MAKE_OFFER_TITLE}</h1>
      <p className="exchange-page__lead">
        To <Link to={`/store/${encodeURIComponent(sellerId)}`}>{receiverName}</Link>: choose what
        you would like from them and what you offer in return.
      </p>
      <OfferForm
        role="sender"
        theirLegend={`${receiverName}’s listings`}
        theirItems={theirItems}
        myItems={myItems}
        initial={initial}
        submitLabel={REVIEW_BUTTON}
        onSubmit={review}
        extraActions={
          <Link className="btn btn--ghost" to="/exchange-bag">
            Back to bag
          </Link>
        }
      />
    </div>
  );
}
