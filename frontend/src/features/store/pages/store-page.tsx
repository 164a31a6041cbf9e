import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { useGetMemberRatingsQuery } from '../../../app/member-api';
import { useLikes } from '../../../app/use-likes';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';
import { ProductGrid } from '../../../components/product-card/product-card';
import { Avatar } from '../../../components/avatar';
import { Hearts } from '../../../components/hearts';
import { IdVerifiedBadge } from '../../../components/id-verified-badge';
import { MemberSafetyActions } from '../../../components/member-safety';
import { fullName } from '../../../lib/format';
import { offerPath } from '../../../lib/listing';
import { logFailure } from '../../../lib/log';
import { usePageTitle } from '../../../lib/page-title';
import { rememberRedirect } from '../../../lib/session';
import { StoreRatings } from '../components/store-ratings';
import { boothStatusNotice } from '../store-status';
import {
  useFollowMutation,
  useFollowStatusQuery,
  useGetBoothQuery,
  useGetSellerListingsQuery,
  useRecordBoothViewMutation,
} from '../store-api';
import '../store.css';

const PAGE_SIZE = 24;

export default function StorePage() {
  const { userId: sellerId = '' } = useParams();
  const me = useUserId();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const booth = useGetBoothQuery(sellerId);
  const listings = useGetSellerListingsQuery({ userId: sellerId, page, limit: PAGE_SIZE });
  const follow = useFollowStatusQuery(sellerId);
  // The same answer the ratings section shows: the header's hearts agree with it.
  const ratings = useGetMemberRatingsQuery(sellerId);
  const [setFollow, followState] = useFollowMutation();
  const [recordView] = useRecordBoothViewMutation();
  const { likeFor } = useLikes();
  const viewed = useRef<string | null>(null);
  usePageTitle(booth.data?.name ?? 'Store');

  const boothId = booth.data?.id;
  useEffect(() => {
    if (!boothId || viewed.current === boothId) return;
    viewed.current = boothId;
    recordView(boothId)
      .unwrap()
      .catch((e: unknown) => logFailure('booth view not recorded', e));
  }, [boothId, recordView]);

  if (booth.isLoading || listings.isLoading) return <InlineLoading />;
  const noBooth = (booth.error as ApiError | undefined)?.status === 404;
  if (booth.error && !noBooth) {
    return (
      <ErrorState
        message={errorMessage(booth.error, 'This store could not be loaded.')}
        onRetry={booth.refetch}
      />
    );
  }

  const first = listings.data?.listings[0];
  const sellerName = first ? fullName(first.seller.firstName, first.seller.lastName) : '';
  const title = booth.data?.name || sellerName || 'Member';
  const notice = booth.data ? boothStatusNotice(booth.data.status) : undefined;
  const isMe = me === sellerId;

  const toggleFollow = async () => {
    if (!me) {
      rememberRedirect(location);
      navigate('/authenticate');
      return;
    }
    try {
      await setFollow({ userId: sellerId, follow: !follow.data?.isFollowing }).unwrap();
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };

  return (
    <div className="page store-page">
      <header className="store-header">
        <Avatar src={first?.seller.avatar} name={title} size={80} />
        <div className="store-header__body">
          <h1 className="page__title">{title}</h1>
          {booth.data?.username && <p className="store-header__username">@{booth.data.username}</p>}
          <div className="store-header__meta">
            {(ratings.data || first) && (
              <Hearts
                rating={ratings.data?.average_rating ?? first?.seller.rating}
                count={ratings.data?.count ?? first?.seller.reviewCount}
              />
            )}
            {first?.seller.verified && <IdVerifiedBadge />}
            <span>{follow.data?.followersCount ?? 0} followers</span>
            {booth.data && <span>{booth.data.views} views</span>}
          </div>
          {booth.data?.description && (
            <p className="store-header__description">{booth.data.description}</p>
          )}
          {booth.data && booth.data.interests.length > 0 && (
            <div className="store-header__interests">
              <span className="product-card__interests-label">Exchange Interests:</span>
              <span className="chips chips--wrap">
                {booth.data.interests.map((i) => (
                  <span key={i} className="chip">
                    {i}
                  </span>
                ))}
              </span>
            </div>
          )}
        </div>
        <div className="store-header__actions">
          {isMe ? (
            booth.data && (
              <Link
                className="btn btn--secondary"
                to={`/my-store/${encodeURIComponent(booth.data.username)}`}
              >
                Manage my store
              </Link>
            )
          ) : (
            <>
              <button
                type="button"
                className={follow.data?.isFollowing ? 'btn btn--secondary' : 'btn btn--primary'}
                disabled={followState.isLoading}
                aria-pressed={follow.data?.isFollowing ?? false}
                onClick={() => void toggleFollow()}
              >
                {follow.data?.isFollowing ? 'Following' : 'Follow'}
              </button>
              <Link
                className="btn btn--primary"
                to={offerPath({ storeId: booth.data?.id, userId: sellerId })}
              >
                Make an Offer
              </Link>
              <MemberSafetyActions userId={sellerId} name={title} />
            </>
          )}
        </div>
      </header>
      {notice && <p className="notice">{notice}</p>}
      {noBooth && <p className="notice">This member has not opened a store yet.</p>}

      <h2 className="section-title">Listings</h2>
      {listings.error ? (
        <ErrorState
          message={errorMessage(listings.error, 'Listings could not be loaded.')}
          onRetry={listings.refetch}
        />
      ) : !listings.data?.listings.length ? (
        <EmptyState title="No listings yet" />
      ) : (
        <>
          <ProductGrid listings={listings.data.listings} likeFor={likeFor} />
          <Pager
            page={listings.data.page}
            totalPages={listings.data.totalPages}
            onChange={setPage}
          />
        </>
      )}

      <StoreRatings userId={sellerId} />
    </div>
  );
}
