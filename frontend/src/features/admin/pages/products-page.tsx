import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { useDebounced } from '../../../lib/use-debounced';
import { usePageTitle } from '../../../lib/page-title';
import {
  useAdminProductsQuery,
  useSetProductStatusMutation,
  type AdminListing,
} from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage, formatDate, QueryState, TableFooter } from '../components/query-state';

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

/** Listings: filter by status, category and seller; hide (catalog: suspended), remove, publish. */
export default function ProductsPage() {
  usePageTitle('Admin Products');
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [seller, setSeller] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(
    { search: search.trim(), category: category.trim(), seller: seller.trim() },
    300,
  );
  const { data, isLoading, error } = useAdminProductsQuery({
    search: q.search || undefined,
    category: q.category || undefined,
    seller: q.seller || undefined,
    status: status || undefined,
    page,
  });
  const [target, setTarget] = useState<{ listing: AdminListing; action: Action } | null>(null);
  const [setStatusOf, change] = useSetProductStatusMutation();
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <>
      <h1>Products</h1>
      <div className="admin-filters">
        <label className="field field--inline">
          <span className="field__label">Search</span>
          <input
            type="search"
            placeholder="Title"
            value={search}
            onChange={(e) => filter(setSearch)(e.target.value)}
          />
        </label>
        <label className="field field--inline">
          <span className="field__label">Status</span>
          <select value={status} onChange={(e) => filter(setStatus)(e.target.value)}>
            <option value="">All</option>
            {['published', 'suspended', 'removed', 'paused', 'reserved', 'traded', 'draft'].map(
              (s) => (
                <option key={s} value={s}>
                  {s === 'suspended' ? 'hidden (suspended)' : s}
                </option>
              ),
            )}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">Category</span>
          <input value={category} onChange={(e) => filter(setCategory)(e.target.value)} />
        </label>
        <label className="field field--inline">
          <span className="field__label">Seller id</span>
          <input value={seller} onChange={(e) => filter(setSeller)(e.target.value)} />
        </label>
      </div>
      <QueryState isLoading={isLoading} error={error}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>Title</th>
              <th>Category</th>
              <th>Status</th>
              <th>Seller</th>
              <th>Created</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data?.products.map((l) => (
              <tr key={l.product_id}>
                <td>{l.title}</td>
                <td>{l.category}</td>
                <td>
                  <span className={`admin-status admin-status--${l.status}`}>{l.status}</span>
                </td>
                <td className="admin-mono">{l.seller_id}</td>
                <td>{formatDate(l.created_at)}</td>
                <td className="admin-actions">
                  {l.status === 'suspended' ? (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      onClick={() => setTarget({ listing: l, action: 'published' })}
                    >
                      Publish
                    </button>
                  ) : l.status !== 'removed' && l.status !== 'deleted' ? (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      onClick={() => setTarget({ listing: l, action: 'hidden' })}
                    >
                      Hide
                    </button>
                  ) : null}
                  {l.status !== 'removed' && l.status !== 'deleted' && (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      onClick={() => setTarget({ listing: l, action: 'removed' })}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.products.length === 0 && <p className="admin-muted">No listings match.</p>}
        {data && (
          <TableFooter
            total={data.totalCount}
            page={page}
            totalPages={data.totalPages}
            onPage={setPage}
          />
        )}
      </QueryState>
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
