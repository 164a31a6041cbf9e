import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { ALERT_MODES, useSaveSearchMutation, type AlertMode } from '../saved-searches-api';
import { savedQueryOf, type PageSearch } from '../saved-search-query';
import '../saved-searches.css';

export const SaveSearchTexts = {
  button: 'Save this search',
  name: 'Name',
  namePlaceholder: 'A summary of the search',
  alerts: 'Tell me about new matches',
  save: 'Save search',
  cancel: 'Cancel',
  saved: 'Search saved. Find it in My Account, Saved searches.',
} as const;

/** "Save this search" on the results page: a name and how to be told of new matches. */
export function SaveSearch({ search }: { search: PageSearch }) {
  const userId = useUserId();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alerts, setAlerts] = useState<AlertMode>('in_app');
  const [save, { isLoading }] = useSaveSearchMutation();
  if (!userId) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save({
        ...(name.trim() ? { name: name.trim() } : {}),
        query: savedQueryOf(search),
        alerts,
      }).unwrap();
      toast(SaveSearchTexts.saved, 'success');
      setOpen(false);
      setName('');
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };

  if (!open) {
    return (
      <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
        {SaveSearchTexts.button}
      </button>
    );
  }
  return (
    <form
      className="panel save-search"
      onSubmit={(e) => void submit(e)}
      aria-label="Save this search"
    >
      <label className="field">
        <span className="field__label">{SaveSearchTexts.name}</span>
        <input
          className="input"
          value={name}
          maxLength={80}
          placeholder={SaveSearchTexts.namePlaceholder}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">{SaveSearchTexts.alerts}</span>
        <select
          className="input"
          value={alerts}
          onChange={(e) => setAlerts(e.target.value as AlertMode)}
        >
          {ALERT_MODES.map(([mode, label]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {SaveSearchTexts.save}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
          {SaveSearchTexts.cancel}
        </button>
        <Link to="/my-account#saved-searches">Saved searches</Link>
      </div>
    </form>
  );
}
