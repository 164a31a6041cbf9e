import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useLikes } from '../../../app/use-likes';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';
import { ProductGrid } from '../../../components/product-card/product-card';
import { usePageTitle } from '../../../lib/page-title';
import { useGetPublishedQuery } from '../listings-api';

const PAGE_SIZE = 24;

/** /listings and /products: every published listing, newest first. */
export default function ListingsPage() {
  const { pathname } = useLocation();
  const title = pathname.startsWith('/products') ? 'Products' : 'All Listings';
  usePageTitle(title);
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, error, refetch } = useGetPublishedQuery({
    page,
    limit: PAGE_SIZE,
  });
  const { likeFor } = useLikes();

  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">
        Everything members are offering right now. Like what you see? Make an offer.
      </p>
      {isLoading ? (
        <InlineLoading />
      ) : error ? (
        <ErrorState
          message={errorMessage(error, 'Listings could not be loaded.')}
          onRetry={refetch}
        />
      ) : !data?.listings.length ? (
        <EmptyState title="No listings yet">
          <p>Be the first to list something to swap.</p>
        </EmptyState>
      ) : (
        <>
          <p className="count-line" aria-live="polite">
            {data.totalCount} listings{isFetching ? ' · updating…' : ''}
          </p>
          <ProductGrid listings={data.listings} likeFor={likeFor} eagerImages={4} />
          <Pager
            page={data.page}
            totalPages={data.totalPages}
            onChange={(p) => {
              setPage(p);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}
