import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../../components/icons';
import { imageAt } from '../../../lib/listing';
import fallbackImage from '../../../assets/logo-mark.svg';
import { useSearchQuery } from '../search-api';
import { SearchTexts, shouldSuggest, SUGGEST_LIMIT, SUGGEST_SHOWN } from '../search-state';

const DEBOUNCE_MS = 250;

/** Top-bar search with live suggestions. */
export function SearchBox() {
  const navigate = useNavigate();
  const id = useId();
  const [input, setInput] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setDebounced(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []);

  const suggest = shouldSuggest(debounced);
  const { data, isFetching, isError } = useSearchQuery(
    { query: debounced, type: 'all', page: 1, limit: SUGGEST_LIMIT },
    { skip: !suggest },
  );
  const shown = isError ? [] : (data?.listings ?? []).slice(0, SUGGEST_SHOWN);

  const viewAll = () => {
    const q = input.trim();
    if (!q) return;
    setOpen(false);
    navigate(`/search?${new URLSearchParams({ q }).toString()}`);
  };

  return (
    <form
      ref={ref}
      className="search-box"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        viewAll();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search listings
      </label>
      <SearchIcon />
      <input
        id={id}
        type="search"
        placeholder="Search items and services"
        autoComplete="off"
        value={input}
        onChange={(e) => {
          setInput(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      />
      {open && shouldSuggest(input) && suggest && (
        <div className="suggestions" data-testid="suggestions">
          <div className="suggestions__heading">{SearchTexts.suggestionsHeading}</div>
          {isFetching && !data ? (
            <p className="suggestions__empty">{SearchTexts.searching}</p>
          ) : shown.length === 0 ? (
            <p className="suggestions__empty">{SearchTexts.noResults}</p>
          ) : (
            <ul>
              {shown.map((l) => (
                <li key={l.id}>
                  <button
                    type="button"
                    className="suggestion"
                    onClick={() => {
                      setOpen(false);
                      navigate(`/listings/${encodeURIComponent(l.slug)}`);
                    }}
                  >
                    <img
                      src={imageAt(l.cover, 300) ?? fallbackImage}
                      alt=""
                      width={36}
                      height={36}
                    />
                    <span className="suggestion__title">{l.title}</span>
                    <span className={`type-badge type-badge--${l.type} type-badge--inline`}>
                      {l.type === 'service' ? 'Service' : 'Item'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn--secondary btn--block" onClick={viewAll}>
            {SearchTexts.viewAll}
          </button>
        </div>
      )}
    </form>
  );
}
