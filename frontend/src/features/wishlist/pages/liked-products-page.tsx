import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useUserId } from '../../../app/hooks';
import { useGetLikedQuery } from '../../../app/member-api';
import { useLikes } from '../../../app/use-likes';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { ProductGrid } from '../../../components/product-card/product-card';
import { usePageTitle } from '../../../lib/page-title';

export default function LikedProductsPage() {
  usePageTitle('Wishlist');
  const userId = useUserId();
  const { data, isLoading, error, refetch } = useGetLikedQuery(userId ?? '', { skip: !userId });
  const { likeFor } = useLikes();
  return (
    <div className="page">
      <h1 className="page__title">Wishlist</h1>
      {isLoading ? (
        <InlineLoading />
      ) : error ? (
        <ErrorState
          message={errorMessage(error, 'Your wishlist could not be loaded.')}
          onRetry={refetch}
        />
      ) : !data?.length ? (
        <EmptyState title="Your wishlist is empty">
          <p>Tap the heart on any listing to keep it here.</p>
          <Link className="btn btn--primary" to="/listings">
            Browse listings
          </Link>
        </EmptyState>
      ) : (
        <ProductGrid listings={data} likeFor={likeFor} eagerImages={4} />
      )}
    </div>
  );
}
