import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useAppDispatch, useToast } from '../../../app/hooks';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { tabChanged } from '../../search/search-slice';
import {
  ALERT_MODES,
  useDeleteSavedSearchMutation,
  useOpenSavedSearchMutation,
  useSavedSearchesQuery,
  useUpdateSavedSearchMutation,
  type AlertMode,
  type SavedSearch,
} from '../saved-searches-api';
import { describe, searchUrlOf } from '../saved-search-query';
import '../saved-searches.css';

export const SavedSearchesTexts = {
  title: 'Saved searches',
  empty: 'You have no saved searches. Search, then choose Save this search.',
  hint: 'We tell you when a new listing matches one of your saved searches.',
  newMatches: (n: number) => `${n} new ${n === 1 ? 'match' : 'matches'}`,
  open: 'Open',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Delete',
  alerts: 'Alerts',
  count: (n: number, max: number) => `${n} of ${max} saved searches`,
} as const;

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const toast = useToast();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const [update, updating] = useUpdateSavedSearchMutation();
  const [remove, removing] = useDeleteSavedSearchMutation();
  const [open] = useOpenSavedSearchMutation();

  const change = async (body: { name?: string; alerts?: AlertMode }) => {
    try {
      await update({ id: search.id, ...body }).unwrap();
      setRenaming(false);
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };
  const openIt = () => {
    // Opening marks its matches seen; the search runs whatever that call answers.
    open(search.id)
      .unwrap()
      .catch((err: unknown) => toast(errorMessage(err), 'error'));
    dispatch(tabChanged(search.query.type));
    navigate(searchUrlOf(search));
  };

  return (
    <li className="saved-search" data-testid="saved-search">
      <div className="saved-search__head">
        {renaming ? (
          <form
            className="saved-search__rename"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) void change({ name: name.trim() });
            }}
          >
            <input
              className="input"
              aria-label="Name"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="btn btn--primary" disabled={updating.isLoading}>
              {SavedSearchesTexts.save}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setRenaming(false)}>
              {SavedSearchesTexts.cancel}
            </button>
          </form>
        ) : (
          <strong className="saved-search__name">{search.name}</strong>
        )}
        {search.newMatches > 0 && (
          <span className="badge saved-search__new">
            {SavedSearchesTexts.newMatches(search.newMatches)}
          </span>
        )}
      </div>
      <p className="saved-search__query">{describe(search)}</p>
      <div className="saved-search__actions">
        <button type="button" className="btn btn--primary" onClick={openIt}>
          {SavedSearchesTexts.open}
        </button>
        {!renaming && (
          <button type="button" className="btn btn--ghost" onClick={() => setRenaming(true)}>
            {SavedSearchesTexts.rename}
          </button>
        )}
        <label className="saved-search__alerts">
          {SavedSearchesTexts.alerts}{' '}
          <select
            className="input"
            value={search.alerts}
            disabled={updating.isLoading}
            onChange={(e) => void change({ alerts: e.target.value as AlertMode })}
          >
            {ALERT_MODES.map(([mode, label]) => (
              <option key={mode} value={mode}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={removing.isLoading}
          onClick={() => {
            remove(search.id)
              .unwrap()
              .catch((err: unknown) => toast(errorMessage(err), 'error'));
          }}
        >
          {SavedSearchesTexts.remove}
        </button>
      </div>
    </li>
  );
}

/** My Account → Saved searches: each with its new matches, open, rename, alerts and delete. */
export function SavedSearchesSection() {
  const list = useSavedSearchesQuery();
  let body;
  if (list.isLoading) body = <InlineLoading />;
  else if (list.error || !list.data)
    body = (
      <ErrorState
        message={errorMessage(list.error, 'Your saved searches could not be loaded.')}
        onRetry={list.refetch}
      />
    );
  else if (list.data.searches.length === 0) body = <p>{SavedSearchesTexts.empty}</p>;
  else
    body = (
      <>
        <p className="field__hint">
          {SavedSearchesTexts.count(list.data.searches.length, list.data.max)}
        </p>
        <ul className="saved-searches">
          {list.data.searches.map((s) => (
            <SavedSearchRow key={`${s.id}:${s.name}`} search={s} />
          ))}
        </ul>
      </>
    );
  return (
    <section className="panel" aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading" className="panel__title">
        {SavedSearchesTexts.title}
      </h2>
      <p className="field__hint">{SavedSearchesTexts.hint}</p>
      {body}
    </section>
  );
}
