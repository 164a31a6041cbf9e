import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import {
  useAdminProductsQuery,
  useSetProductStatusMutation,
  type AdminListing,
} from '../admin-api';
import {
  AdminTable,
  FilterBar,
  FilterSelect,
  FilterText,
  useListFilters,
  type Column,
} from '../components/admin-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage, formatDate } from '../components/query-state';

type Action = 'published' | 'hidden' | 'removed';
const actionWords: Record<Action, { title: string; label: string; message: string; done: string }> =
  {
    hidden: {
      title: 'Hide listing',
      label: 'Hide',
      message: 'The listing leaves search and the public pages until it is published again.',
      done: 'Listing hidden',
    },
    removed: {
      title: 'Remove listing',
      label: 'Remove',
      message: 'The listing is removed for good; it cannot be published again.',
      done: 'Listing removed',
    },
    published: {
      title: 'Publish listing',
      label: 'Publish',
      message: 'The listing returns to search and the public pages.',
      done: 'Listing published',
    },
  };

const statuses = ['published', 'suspended', 'removed', 'paused', 'reserved', 'traded', 'draft'];
const gone = (l: AdminListing) => l.status === 'removed' || l.status === 'deleted';

const columns = (act: (listing: AdminListing, action: Action) => void): Column<AdminListing>[] => [
  { header: 'Title', cell: (l) => l.title },
  { header: 'Category', cell: (l) => l.category },
  {
    header: 'Status',
    cell: (l) => <span className={`admin-status admin-status--${l.status}`}>{l.status}</span>,
  },
  { header: 'Seller', className: 'admin-mono', cell: (l) => l.seller_id },
  { header: 'Created', cell: (l) => formatDate(l.created_at) },
  {
    header: 'Actions',
    headerHidden: true,
    className: 'admin-actions',
    cell: (l) => (
      <>
        {l.status === 'suspended' ? (
          <button type="button" className="btn btn--ghost" onClick={() => act(l, 'published')}>
            Publish
          </button>
        ) : !gone(l) ? (
          <button type="button" className="btn btn--ghost" onClick={() => act(l, 'hidden')}>
            Hide
          </button>
        ) : null}
        {!gone(l) && (
          <button type="button" className="btn btn--ghost" onClick={() => act(l, 'removed')}>
            Remove
          </button>
        )}
      </>
    ),
  },
];

/** Listings: filter by status, category and seller; hide (catalog: suspended), remove, publish. */
export default function ProductsPage() {
  usePageTitle('Admin Products');
  const toast = useToast();
  const list = useListFilters({ search: '', status: '', category: '', seller: '' }, [
    'search',
    'category',
    'seller',
  ]);
  const { data, isLoading, error } = useAdminProductsQuery({ ...list.query, page: list.page });
  const [target, setTarget] = useState<{ listing: AdminListing; action: Action } | null>(null);
  const [setStatusOf, change] = useSetProductStatusMutation();

  return (
    <>
      <h1>Products</h1>
      <FilterBar>
        <FilterText
          label="Search"
          search
          placeholder="Title"
          value={list.values.search}
          onChange={list.set('search')}
        />
        <FilterSelect
          label="Status"
          value={list.values.status}
          onChange={list.set('status')}
          options={[
            ['', 'All'],
            ...statuses.map((s) => [s, s === 'suspended' ? 'hidden (suspended)' : s] as const),
          ]}
        />
        <FilterText label="Category" value={list.values.category} onChange={list.set('category')} />
        <FilterText label="Seller id" value={list.values.seller} onChange={list.set('seller')} />
      </FilterBar>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.products}
        rowKey={(l) => l.product_id}
        columns={columns((listing, action) => setTarget({ listing, action }))}
        empty="No listings match."
        paging={list.paging(data)}
      />
      {target && (
        <ConfirmDialog
          title={actionWords[target.action].title}
          message={`“${target.listing.title}”: ${actionWords[target.action].message}`}
          confirmLabel={actionWords[target.action].label}
          reason={target.action === 'published' ? 'optional' : 'required'}
          busy={change.isLoading}
          error={errorMessage(change.error)}
          onClose={() => {
            setTarget(null);
            change.reset();
          }}
          onConfirm={async (reason) => {
            const res = await setStatusOf({
              id: target.listing.product_id,
              status: target.action,
              ...(reason ? { reason } : {}),
            });
            if (!('error' in res)) {
              toast(actionWords[target.action].done, 'success');
              setTarget(null);
            }
          }}
        />
      )}
    </>
  );
}
