import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useUserId } from '../../../app/hooks';
import { useGetCategoriesQuery, useGetProfileQuery } from '../../../app/member-api';
import { useLikes } from '../../../app/use-likes';
import { Pager } from '../../../components/pager';
import { ProductGrid } from '../../../components/product-card/product-card';
import { logFailure } from '../../../lib/log';
import { usePageTitle } from '../../../lib/page-title';
import { SaveSearch } from '../../saved-searches/components/save-search';
import { FilterPanel } from '../components/filter-panel';
import { useSearchQuery } from '../search-api';
import { criteriaChanged, filtersToggled, pageChanged, tabChanged } from '../search-slice';
import {
  buildSearchRequest,
  EMPTY_FILTERS,
  readSearchParams,
  SearchTexts,
  writeSearchParams,
  type SearchFilters,
  type SearchTab,
} from '../search-state';
import '../search.css';

const TABS: { tab: SearchTab; label: string }[] = [
  { tab: 'all', label: 'All' },
  { tab: 'item', label: 'Items' },
  { tab: 'service', label: 'Services' },
];

function NoResults() {
  return (
    <div className="empty-state" data-testid="no-results">
      <h2 className="empty-state__title">{SearchTexts.noResults}</h2>
      <ul className="empty-state__hints">
        {SearchTexts.hints.map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
    </div>
  );
}

export default function SearchPage() {
  usePageTitle('Search Results');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const { tab, page, filtersOpen } = useAppSelector((s) => s.search);
  const userId = useUserId();
  const { query, filters } = useMemo(() => readSearchParams(params), [params]);
  const urlKey = params.toString();

  // A new query or new filters (from here or from the top bar) start again at page 1.
  useEffect(() => {
    dispatch(criteriaChanged());
  }, [dispatch, urlKey]);

  const { data: categories = [], error: categoriesError } = useGetCategoriesQuery();
  const { data: profile, error: profileError } = useGetProfileQuery(undefined, { skip: !userId });
  useEffect(() => {
    if (categoriesError) logFailure('categories could not be loaded', categoriesError);
  }, [categoriesError]);
  useEffect(() => {
    if (profileError) logFailure('default ZIP could not be loaded', profileError);
  }, [profileError]);
  const myZip = profile?.defaultAddress?.zipCode || undefined;

  const request = buildSearchRequest({ query, filters, tab, page });
  const { data, isFetching, error } = useSearchQuery(
    request ?? { type: 'all', page: 1, limit: 25 },
    {
      skip: request === null,
    },
  );
  useEffect(() => {
    if (error) logFailure('search failed', error);
  }, [error]);
  const { likeFor } = useLikes();

  const apply = (next: SearchFilters) => {
    setParams(writeSearchParams(query, next));
    dispatch(criteriaChanged());
    dispatch(filtersToggled(false));
  };

  const result = request && !error ? data : undefined;
  const total = result?.totalCount ?? 0;
  const listings = result?.listings ?? [];

  return (
    <div className="page search-page">
      <div className="search-page__header">
        <h1 className="page__title">
          {query ? SearchTexts.resultsFor(query) : SearchTexts.browse}
        </h1>
        <button
          type="button"
          className="btn btn--secondary"
          aria-expanded={filtersOpen}
          onClick={() => dispatch(filtersToggled())}
        >
          {filtersOpen ? SearchTexts.hideFilters : SearchTexts.showFilters}
        </button>
        {request && <SaveSearch key={urlKey} search={request} />}
      </div>

      <div className="tabs" role="tablist" aria-label="Listing type">
        {TABS.map((t) => (
          <button
            key={t.tab}
            type="button"
            role="tab"
            aria-selected={tab === t.tab}
            className={`tab${tab === t.tab ? ' tab--active' : ''}`}
            onClick={() => dispatch(tabChanged(t.tab))}
          >
            {t.label}
          </button>
        ))}
      </div>

      {filtersOpen && (
        <FilterPanel
          key={`${urlKey}|${tab}`}
          initial={filters}
          tab={tab}
          categories={categories}
          myZip={myZip}
          onApply={apply}
          onReset={() => apply(EMPTY_FILTERS)}
          onCancel={() => dispatch(filtersToggled(false))}
        />
      )}

      {request === null ? (
        <NoResults />
      ) : isFetching && !result ? (
        <p className="searching" role="status">
          {SearchTexts.searching}
        </p>
      ) : !result || listings.length === 0 ? (
        <NoResults />
      ) : (
        <>
          <div className="search-page__meta" aria-live="polite">
            <p className="count-line">
              {tab === 'all'
                ? SearchTexts.countAll(
                    total,
                    result.counts.items,
                    result.counts.services,
                    result.page,
                    Math.max(1, result.totalPages),
                  )
                : tab === 'item'
                  ? SearchTexts.countItems(total)
                  : SearchTexts.countServices(total)}
            </p>
            {request.radius && request.searchZip && (
              <p className="within-line">{SearchTexts.within(request.radius, request.searchZip)}</p>
            )}
            {isFetching && <p className="searching">{SearchTexts.searching}</p>}
          </div>
          <h2 className="section-title">{SearchTexts.section(tab, listings.length, total)}</h2>
          <ProductGrid listings={listings} likeFor={likeFor} eagerImages={4} />
          <Pager
            page={result.page}
            totalPages={result.totalPages}
            onChange={(p) => {
              dispatch(pageChanged(p));
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}
