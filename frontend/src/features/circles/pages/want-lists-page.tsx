import type { WantListResponse } from '@swapbooth/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { EmptyState, ErrorState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-fields';
import { InlineLoading } from '../../../components/loading-screen';
import { ConfirmModal } from '../../../components/confirm-modal';
import { usePageTitle } from '../../../lib/page-title';
import fallbackImage from '../../../assets/logo-mark.svg';
import {
  useClearWantListMutation,
  useGetWantListsQuery,
  usePutWantListMutation,
} from '../circles-api';
import { WantListTexts } from '../circles-rules';
import '../circles.css';

const move = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/** One of my listings and the listings I would take for it, most preferred first. */
function WantListPanel({ list }: { list: WantListResponse }) {
  const toast = useToast();
  const [put, putState] = usePutWantListMutation();
  const [clear, clearState] = useClearWantListMutation();
  const [confirmClear, setConfirmClear] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = putState.isLoading || clearState.isLoading;
  const ids = list.wants.map((w) => w.product_id);
  const give = list.product.title;
  const headingId = `want-list-${list.product_id}`;

  const save = async (wants: string[], done: string) => {
    setError(null);
    setOutcome(null);
    try {
      await put({ productId: list.product_id, wants }).unwrap();
      setOutcome(done);
    } catch (err) {
      const message = errorMessage(err, 'Your want list could not be saved.');
      setError(message);
      toast(message, 'error');
    }
  };

  const clearAll = async () => {
    setConfirmClear(false);
    setError(null);
    try {
      await clear(list.product_id).unwrap();
      toast(`Your want list for ${give} is cleared.`, 'success');
    } catch (err) {
      const message = errorMessage(err, 'Your want list could not be cleared.');
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <section className="panel want-list" aria-labelledby={headingId}>
      <div className="want-list__header">
        <img
          src={list.product.image_url ?? fallbackImage}
          alt=""
          width={56}
          height={56}
          className="want-list__cover"
        />
        <h2 id={headingId} className="panel__title">
          I would give my{' '}
          <Link to={`/listings/${encodeURIComponent(list.product.slug)}`}>{give}</Link> for
        </h2>
        <button
          type="button"
          className="btn btn--ghost btn--danger"
          disabled={busy}
          onClick={() => setConfirmClear(true)}
        >
          Clear list
        </button>
      </div>
      <ol className="want-list__items">
        {list.wants.map((w, i) => (
          <li key={w.product_id} className="want-item">
            <span className="want-item__rank" aria-hidden="true">
              {i + 1}
            </span>
            <img src={w.image_url ?? fallbackImage} alt="" width={48} height={48} />
            <span className="want-item__title">
              <Link to={`/listings/${encodeURIComponent(w.slug)}`}>{w.title}</Link>
              {w.status !== 'published' && <span className="badge">{w.status}</span>}
            </span>
            <span className="want-item__actions">
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy || i === 0}
                aria-label={`Move ${w.title} up`}
                onClick={() =>
                  void save(move(ids, i, i - 1), `${w.title} is now choice ${i} for ${give}.`)
                }
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy || i === ids.length - 1}
                aria-label={`Move ${w.title} down`}
                onClick={() =>
                  void save(move(ids, i, i + 1), `${w.title} is now choice ${i + 2} for ${give}.`)
                }
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                aria-label={`Remove ${w.title}`}
                onClick={() =>
                  void save(
                    ids.filter((id) => id !== w.product_id),
                    `${w.title} is off your want list for ${give}.`,
                  )
                }
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="want-list__outcome" role="status" aria-live="polite">
        {outcome}
      </p>
      <FormError message={error} />
      {confirmClear && (
        <ConfirmModal
          title={`Clear your want list for ${give}?`}
          confirmLabel="Clear it"
          confirmDisabled={busy}
          onConfirm={() => void clearAll()}
          onClose={() => setConfirmClear(false)}
        >
          <p>{give} will no longer be offered in trade circles.</p>
        </ConfirmModal>
      )}
    </section>
  );
}

/** /circles/wants: my want lists, one per listing I would trade, each in preference order. */
export default function WantListsPage() {
  usePageTitle('My want lists');
  const { data: lists, isLoading, error, refetch } = useGetWantListsQuery();
  if (isLoading) return <InlineLoading />;
  if (error)
    return (
      <ErrorState
        message={errorMessage(error, 'Your want lists could not be loaded.')}
        onRetry={refetch}
      />
    );
  const withWants = (lists ?? []).filter((l) => l.wants.length > 0);
  return (
    <div className="page page--narrow circles-page">
      <h1 className="page__title">My want lists</h1>
      <p className="circles-page__lead">
        {WantListTexts.privacy} <Link to="/circles">Trade circles</Link>
      </p>
      {withWants.length === 0 ? (
        <EmptyState title="You have no want lists yet">
          <p>{WantListTexts.explain}</p>
          <p>
            Open another member&apos;s listing and choose &quot;Add to my want list for&quot; one of
            your own listings.
          </p>
          <Link className="btn btn--primary" to="/listings">
            Browse listings
          </Link>
        </EmptyState>
      ) : (
        withWants.map((l) => <WantListPanel key={l.product_id} list={l} />)
      )}
    </div>
  );
}
