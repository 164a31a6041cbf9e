import { memo, useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import fallbackImage from '../../assets/logo-mark.svg';
import { formatMiles } from '../../lib/format';
import { imageAt, sellerDisplayName, srcSetOf, type Listing } from '../../lib/listing';
import { Avatar } from '../avatar';
import { Hearts } from '../hearts';
import { IdVerifiedBadge } from '../id-verified-badge';
import { LikeButton } from '../like-button';
import { interestChips, truncateTitle } from './card-rules';

export interface LikeControl {
  liked: boolean;
  busy: boolean;
  onToggle(): void;
}

/** The picture a card shows for a listing: its cover at card size, with its resized variants. */
export function cardPicture(listing: Pick<Listing, 'cover'>): {
  src: string | undefined;
  srcSet: string | undefined;
  sizes: string;
} {
  return {
    src: imageAt(listing.cover, 300),
    srcSet: srcSetOf(listing.cover),
    sizes: '(max-width: 600px) 50vw, 260px',
  };
}

/**
 * A listing in a grid: opens /listings/{slug}. `eager` loads the picture at once rather than when
 * it scrolls into view (for cards in the first screen), `first` also asks for it before others;
 * `held` keeps the picture back for now, and `onPictureDone` hears when it has loaded or failed.
 */
export function ProductCard({
  listing,
  like,
  eager = false,
  first = false,
  held = false,
  onPictureDone,
}: {
  listing: Listing;
  like?: LikeControl;
  eager?: boolean;
  first?: boolean;
  held?: boolean;
  onPictureDone?: () => void;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const hasDistance = listing.distance !== undefined;
  const chips = interestChips(listing.booth?.interests ?? [], hasDistance);
  const name = sellerDisplayName(listing);
  const picture = cardPicture(listing);
  const src = imageFailed ? fallbackImage : (picture.src ?? fallbackImage);
  const srcSet = imageFailed ? undefined : picture.srcSet;
  const href = `/listings/${encodeURIComponent(listing.slug)}`;

  return (
    <article className="product-card" data-testid="product-card">
      {/* The picture repeats the title link for pointer users; screen readers get the title link only. */}
      <Link to={href} className="product-card__media" aria-hidden="true" tabIndex={-1}>
        <img
          src={held ? undefined : src}
          srcSet={held ? undefined : srcSet}
          sizes={picture.sizes}
          alt=""
          width={300}
          height={225}
          loading={eager ? 'eager' : 'lazy'}
          {...(first ? { fetchPriority: 'high' as const } : {})}
          decoding="async"
          className={
            imageFailed || !listing.cover
              ? 'product-card__img product-card__img--fallback'
              : 'product-card__img'
          }
          onLoad={onPictureDone}
          onError={() => {
            setImageFailed(true);
            onPictureDone?.();
          }}
        />
        <span className={`type-badge type-badge--${listing.type}`}>
          {listing.type === 'service' ? 'Service' : 'Item'}
        </span>
      </Link>
      {like && <LikeButton className="product-card__like" {...like} />}
      <div className="product-card__body">
        <h3 className="product-card__title" title={listing.title}>
          <Link to={href}>{truncateTitle(listing.title)}</Link>
        </h3>
        <div className="product-card__seller">
          <Avatar src={listing.seller.avatar} name={name} size={24} />
          <span className="product-card__seller-name">{name}</span>
          {listing.seller.verified && <IdVerifiedBadge />}
        </div>
        <Hearts rating={listing.seller.rating} count={listing.seller.reviewCount} />
        <div className="product-card__footer">
          {(chips.shown.length > 0 || chips.overflow > 0) && (
            <div className="product-card__interests">
              <span className="product-card__interests-label">Exchange Interests:</span>
              <span className="chips">
                {chips.shown.map((i) => (
                  <span key={i} className="chip" title={i}>
                    {i}
                  </span>
                ))}
                {chips.overflow > 0 && <span className="chip chip--more">+{chips.overflow}</span>}
              </span>
            </div>
          )}
          {hasDistance && (
            <span className="product-card__distance">{formatMiles(listing.distance!)}</span>
          )}
        </div>
      </div>
    </article>
  );
}

/** How many cards can be in a phone's first screen: rendered before the others. */
const FIRST_SCREEN_CARDS = 4;

/** The longest the other pictures wait for the first one. */
const FIRST_PICTURE_WAIT_MS = 3000;

/**
 * Cards in a responsive grid. `eagerImages`: how many leading cards are in the first screen where
 * the grid is used, so their pictures (the page's largest paint) load without waiting for layout.
 * There the first picture also loads alone: on a phone's slow link the others would share its
 * bandwidth and all arrive late, so they start once it has arrived. The grid renders again only
 * when its own inputs change, not with every change of the page around it.
 */
export const ProductGrid = memo(function ProductGrid({
  listings,
  likeFor,
  eagerImages = 0,
}: {
  listings: Listing[];
  likeFor?: (listing: Listing) => LikeControl | undefined;
  eagerImages?: number;
}) {
  // The first screen's cards come at once; the rest follow in a render that yields to the browser.
  const shown = useDeferredValue(listings.length, Math.min(listings.length, FIRST_SCREEN_CARDS));
  const leadId = eagerImages > 0 ? listings[0]?.id : undefined;
  const [arrived, setArrived] = useState<string | undefined>();
  const holding = leadId !== undefined && arrived !== leadId;
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => setArrived(leadId), FIRST_PICTURE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [holding, leadId]);
  return (
    <div className="product-grid">
      {listings.slice(0, shown).map((l, i) => (
        <ProductCard
          key={l.id}
          listing={l}
          like={likeFor?.(l)}
          eager={i < eagerImages}
          first={i === 0 && eagerImages > 0}
          held={holding && i > 0}
          {...(i === 0 && holding ? { onPictureDone: () => setArrived(leadId) } : {})}
        />
      ))}
    </div>
  );
});
