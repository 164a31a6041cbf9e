import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';
import { truncateTitle } from '../../../components/product-card/card-rules';
import { capitalize } from '../../../lib/format';
import { imageAt, type Listing } from '../../../lib/listing';
import { usePageTitle } from '../../../lib/page-title';
import fallbackImage from '../../../assets/logo-mark.svg';
import { ListingForm } from '../components/listing-form';
import { StoreDetailsForm } from '../components/store-details-form';
import { StoreRuleMessages } from '../store-rules';
import {
  useCreateListingMutation,
  useGetBoothByUsernameQuery,
  useGetBoothListingsQuery,
  useUpdateBoothMutation,
  useUpdateListingMutation,
  type BoothChange,
  type ListingInput,
  type ListingStatus,
} from '../store-api';
import '../store.css';

const PAGE_SIZE = 25;
type OwnerStatus = NonNullable<BoothChange['status']>;
const OWNER_STATUSES: OwnerStatus[] = ['active', 'inactive', 'on_vacation', 'closed'];

export default function MyStorePage() {
  const { username = '' } = useParams();
  const userId = useUserId() ?? '';
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Listing | 'new' | null>(null);
  const [editingDetails, setEditingDetails] = useState(false);
  const booth = useGetBoothByUsernameQuery(username);
  const listings = useGetBoothListingsQuery({ username, page, limit: PAGE_SIZE });
  const [createListing, createState] = useCreateListingMutation();
  const [updateListing, updateState] = useUpdateListingMutation();
  const [updateBooth, boothState] = useUpdateBoothMutation();
  usePageTitle(booth.data ? `My Store: ${booth.data.name}` : 'My Store');

  if (booth.isLoading) return <InlineLoading />;
  if (booth.error) {
    if ((booth.error as ApiError).status === 404) {
      return (
        <EmptyState title="This store does not exist">
          <Link className="btn btn--primary" to="/create-store">
            Create Store
          </Link>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        message={errorMessage(booth.error, 'Your store could not be loaded.')}
        onRetry={booth.refetch}
      />
    );
  }
  if (!booth.data) return null;
  if (booth.data.userId !== userId) {
    return (
      <EmptyState title="This is not your store">
        <Link className="btn btn--primary" to={`/store/${encodeURIComponent(booth.data.userId)}`}>
          Visit this store
        </Link>
      </EmptyState>
    );
  }
  const b = booth.data;

  const setStatus = (listing: Listing, status: ListingStatus, done: string) =>
    updateListing({ id: listing.id, body: { status } })
      .unwrap()
      .then(() => toast(done, 'success'))
      .catch((e: unknown) => toast(errorMessage(e), 'error'));

  const save = async (input: ListingInput) => {
    if (editing === 'new') {
      await createListing({ ...input, userId }).unwrap();
      toast(input.status === 'draft' ? 'Draft saved' : 'Your listing is live', 'success');
    } else if (editing) {
      await updateListing({ id: editing.id, body: input }).unwrap();
      toast('Listing updated', 'success');
    }
    setEditing(null);
  };

  return (
    <div className="page my-store">
      <header className="my-store__header">
        <div>
          <h1 className="page__title">{b.name}</h1>
          <p className="store-header__username">
            @{b.username} · {b.views} views ·{' '}
            <Link to={`/store/${encodeURIComponent(b.userId)}`}>View public store</Link>
          </p>
        </div>
        <div className="my-store__controls">
          <label className="field field--inline">
            <span className="field__label">Store status</span>
            <select
              value={b.status}
              disabled={boothState.isLoading || b.status === 'suspended'}
              onChange={(e) =>
                updateBooth({ id: b.id, body: { status: e.target.value as OwnerStatus } })
                  .unwrap()
                  .then(() => toast('Store status updated', 'success'))
                  .catch((err: unknown) => toast(errorMessage(err), 'error'))
              }
            >
              {(b.status === 'suspended' ? ['suspended'] : OWNER_STATUSES).map((s) => (
                <option key={s} value={s}>
                  {capitalize(s.replace('_', ' '))}
                </option>
              ))}
            </select>
          </label>
          {!editingDetails && b.status !== 'suspended' && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setEditingDetails(true)}
            >
              Edit store details
            </button>
          )}
          {editing === null && (
            <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
              New listing
            </button>
          )}
        </div>
      </header>

      {editingDetails ? (
        <StoreDetailsForm
          booth={b}
          onSaved={() => {
            setEditingDetails(false);
            toast(StoreRuleMessages.saved, 'success');
          }}
          onCancel={() => setEditingDetails(false)}
        />
      ) : (
        (b.description || b.interests.length > 0) && (
          <section className="my-store__details" aria-label="Store details">
            {b.description && <p className="store-header__description">{b.description}</p>}
            {b.interests.length > 0 && (
              <div className="store-header__interests">
                <span className="product-card__interests-label">Exchange Interests:</span>
                <span className="chips chips--wrap">
                  {b.interests.map((i) => (
                    <span key={i} className="chip">
                      {i}
                    </span>
                  ))}
                </span>
              </div>
            )}
          </section>
        )
      )}

      {editing !== null && (
        <ListingForm
          key={editing === 'new' ? 'new' : editing.id}
          userId={userId}
          listing={editing === 'new' ? undefined : editing}
          busy={createState.isLoading || updateState.isLoading}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      )}

      <h2 className="section-title">My listings</h2>
      {listings.isLoading ? (
        <InlineLoading />
      ) : listings.error ? (
        <ErrorState
          message={errorMessage(listings.error, 'Your listings could not be loaded.')}
          onRetry={listings.refetch}
        />
      ) : !listings.data?.listings.length ? (
        <EmptyState title="No listings yet">
          <p>Add your first item or service to start swapping.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="owner-list">
            {listings.data.listings
              .filter((l) => l.status !== 'removed')
              .map((l) => (
                <li key={l.id} className="owner-row">
                  <img src={imageAt(l.cover, 300) ?? fallbackImage} alt="" width={64} height={64} />
                  <div className="owner-row__body">
                    <Link
                      to={`/listings/${encodeURIComponent(l.slug)}`}
                      className="owner-row__title"
                    >
                      {truncateTitle(l.title)}
                    </Link>
                    <span className={`status status--${l.status}`}>{capitalize(l.status)}</span>
                  </div>
                  <div className="owner-row__actions">
                    {['draft', 'published', 'paused'].includes(l.status) && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        onClick={() => setEditing(l)}
                      >
                        Edit
                      </button>
                    )}
                    {(l.status === 'draft' || l.status === 'paused') && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        disabled={updateState.isLoading}
                        onClick={() => void setStatus(l, 'published', 'Listing published')}
                      >
                        Publish
                      </button>
                    )}
                    {l.status === 'published' && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        disabled={updateState.isLoading}
                        onClick={() => void setStatus(l, 'paused', 'Listing paused')}
                      >
                        Pause
                      </button>
                    )}
                    {['draft', 'published', 'paused'].includes(l.status) && (
                      <button
                        type="button"
                        className="btn btn--ghost btn--danger"
                        disabled={updateState.isLoading}
                        onClick={() => {
                          if (window.confirm(`Remove "${l.title}"? It will no longer be shown.`))
                            void setStatus(l, 'removed', 'Listing removed');
                        }}
                      >
                        Remove
                      </button>
                    )}
                  </div>
                </li>
              ))}
          </ul>
          <Pager
            page={listings.data.page}
            totalPages={listings.data.totalPages}
            onChange={setPage}
          />
        </>
      )}
    </div>
  );
}
