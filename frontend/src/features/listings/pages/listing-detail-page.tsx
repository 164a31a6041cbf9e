import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { useAddToBagMutation, useGetBagQuery } from '../../../app/member-api';
import { useLikes } from '../../../app/use-likes';
import { Avatar } from '../../../components/avatar';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { Hearts } from '../../../components/hearts';
import { IdVerifiedBadge } from '../../../components/id-verified-badge';
import { LikeButton } from '../../../components/like-button';
import { InlineLoading } from '../../../components/loading-screen';
import { conditionLabel, formatDate, formatMiles } from '../../../lib/format';
import { offerPath, sellerDisplayName } from '../../../lib/listing';
import { logFailure } from '../../../lib/log';
import { usePageTitle } from '../../../lib/page-title';
import { rememberRedirect } from '../../../lib/session';
import { AddToWantList } from '../../circles/components/add-to-want-list';
import { Gallery } from '../components/gallery';
import { ReportDialog } from '../components/report-dialog';
import { useGetListingBySlugQuery } from '../listings-api';
import '../listings.css';

export default function ListingDetailPage() {
  const { slug = '' } = useParams();
  const userId = useUserId();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { data: listing, isLoading, error, refetch } = useGetListingBySlugQuery(slug);
  usePageTitle(listing?.title ?? 'Listing');
  const { likeFor } = useLikes();
  const { data: bag } = useGetBagQuery(userId ?? '', { skip: !userId });
  const [addToBag, bagState] = useAddToBagMutation();
  const [reporting, setReporting] = useState(false);

  if (isLoading) return <InlineLoading />;
  if (error || !listing) {
    if ((error as ApiError | undefined)?.status === 404) {
      return (
        <EmptyState title="This listing is no longer available">
          <Link className="btn btn--primary" to="/listings">
            Browse listings
          </Link>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        message={errorMessage(error, 'This listing could not be loaded.')}
        onRetry={refetch}
      />
    );
  }

  const mine = userId === listing.seller.id;
  const inBag = bag?.some((g) => g.listings.some((l) => l.id === listing.id)) ?? false;
  const like = likeFor(listing);
  const sellerName = sellerDisplayName(listing);
  const requireSignIn = () => {
    rememberRedirect(location);
    navigate('/authenticate');
  };

  const onAddToBag = async () => {
    if (!userId) return requireSignIn();
    try {
      await addToBag({ productId: listing.id, userId }).unwrap();
      toast('Added to your exchange bag', 'success');
    } catch (err) {
      logFailure('add to bag failed', err);
      toast(errorMessage(err), 'error');
    }
  };

  const facts: [string, string | undefined][] = [
    ['Type', listing.type === 'service' ? 'Service' : 'Item'],
    ['Category', listing.category],
    ['Subcategory', listing.subCategory],
    ['Condition', listing.condition ? conditionLabel(listing.condition) : undefined],
    ['Brand', listing.brand],
    ['Color', listing.color],
    [
      'Location',
      [listing.location?.city, listing.location?.state].filter(Boolean).join(', ') || undefined,
    ],
    ['Distance', listing.distance !== undefined ? formatMiles(listing.distance) : undefined],
    ['Listed', formatDate(listing.createdAt) || undefined],
  ];

  return (
    <div className="page listing-detail">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/listings">Listings</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={`/search?${new URLSearchParams({ category: listing.category }).toString()}`}>
          {listing.category}
        </Link>
      </nav>
      <div className="listing-detail__layout">
        <Gallery images={listing.images} title={listing.title} />
        <div className="listing-detail__info">
          <span className={`type-badge type-badge--${listing.type} type-badge--inline`}>
            {listing.type === 'service' ? 'Service' : 'Item'}
          </span>
          {listing.status !== 'published' && <span className="badge">{listing.status}</span>}
          <h1 className="listing-detail__title">{listing.title}</h1>
          <div className="listing-detail__actions">
            {!mine && (
              <Link
                className="btn btn--primary"
                to={offerPath({ storeId: listing.booth?.id, userId: listing.seller.id })}
              >
                Make an offer
              </Link>
            )}
            {!mine && (
              <button
                type="button"
                className="btn btn--secondary"
                disabled={bagState.isLoading || inBag}
                onClick={() => void onAddToBag()}
              >
                {inBag ? 'In your bag' : 'Add to bag'}
              </button>
            )}
            {like && <LikeButton {...like} className="like-button--large" />}
            {mine && listing.booth?.username && (
              <Link
                className="btn btn--secondary"
                to={`/my-store/${encodeURIComponent(listing.booth.username)}`}
              >
                Manage in my store
              </Link>
            )}
          </div>
          {!mine && userId && listing.status === 'published' && (
            <AddToWantList listingId={listing.id} listingTitle={listing.title} />
          )}
          <p className="listing-detail__description">{listing.description}</p>
          {listing.tags.length > 0 && (
            <div className="chips chips--wrap">
              {listing.tags.map((t) => (
                <span key={t} className="chip">
                  #{t}
                </span>
              ))}
            </div>
          )}
          <dl className="facts">
            {facts
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="facts__row">
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
          </dl>

          <section className="seller-block" aria-label="Seller">
            <Avatar src={listing.seller.avatar} name={sellerName} size={48} />
            <div className="seller-block__body">
              <Link
                to={`/store/${encodeURIComponent(listing.seller.id)}`}
                className="seller-block__name"
              >
                {sellerName}
              </Link>
              {listing.booth && (listing.seller.firstName || listing.seller.lastName) && (
                <span className="seller-block__sub">
                  {listing.seller.firstName} {listing.seller.lastName}
                </span>
              )}
              <div className="seller-block__meta">
                <Hearts rating={listing.seller.rating} count={listing.seller.reviewCount} />
                {listing.seller.verified && <IdVerifiedBadge />}
              </div>
              {listing.booth && listing.booth.interests.length > 0 && (
                <div className="seller-block__interests">
                  <span className="product-card__interests-label">Exchange Interests:</span>
                  <span className="chips chips--wrap">
                    {listing.booth.interests.map((i) => (
                      <span key={i} className="chip">
                        {i}
                      </span>
                    ))}
                  </span>
                </div>
              )}
            </div>
          </section>
          {!mine && (
            <button
              type="button"
              className="link-button report-link"
              onClick={() => (userId ? setReporting(true) : requireSignIn())}
            >
              Report this listing
            </button>
          )}
        </div>
      </div>
      {reporting && <ReportDialog productId={listing.id} onClose={() => setReporting(false)} />}
    </div>
  );
}
