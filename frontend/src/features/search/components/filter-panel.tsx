import { useId, useState } from 'react';
import type { Category } from '../../../app/member-api';
import { conditionLabel } from '../../../lib/format';
import {
  applyMyZip,
  changeFilter,
  CONDITIONS,
  EMPTY_FILTERS,
  isMyZip,
  RADIUS_OPTIONS,
  type SearchFilters,
  type SearchTab,
} from '../search-state';

/**
 * Category (grouped Items/Services, per tab), subcategory once a category with subcategories is
 * chosen, condition (not for services), ZIP with "Use my ZIP" and a radius once a ZIP is set.
 * Edits stay in the panel until Search; Reset Filters clears them and keeps the query.
 */
export function FilterPanel({
  initial,
  tab,
  categories,
  myZip,
  onApply,
  onReset,
  onCancel,
}: {
  initial: SearchFilters;
  tab: SearchTab;
  categories: Category[];
  myZip: string | undefined;
  onApply(filters: SearchFilters): void;
  onReset(): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState<SearchFilters>(initial);
  const id = useId();
  const set = (key: keyof SearchFilters, value: string) =>
    setDraft((d) => changeFilter(d, key, value));

  const groups = (['item', 'service'] as const)
    .filter((t) => tab === 'all' || tab === t)
    .map((t) => ({
      type: t,
      label: t === 'item' ? 'Items' : 'Services',
      list: categories.filter((c) => c.type === t),
    }));
  const chosen = categories.find((c) => c.name === draft.category);
  const subcategories = chosen?.subcategories ?? [];

  return (
    <form
      className="filter-panel"
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <div className="filter-panel__grid">
        <label className="field">
          <span className="field__label">Category</span>
          <select value={draft.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">All categories</option>
            {groups.map((g) => (
              <optgroup key={g.type} label={g.label}>
                {g.list.map((c) => (
                  <option key={c.id || c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>

        {draft.category && subcategories.length > 0 && (
          <label className="field">
            <span className="field__label">Subcategory</span>
            <select value={draft.subcategory} onChange={(e) => set('subcategory', e.target.value)}>
              <option value="">All subcategories</option>
              {subcategories.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}

        {tab !== 'service' && (
          <label className="field">
            <span className="field__label">Condition</span>
            <select value={draft.condition} onChange={(e) => set('condition', e.target.value)}>
              <option value="">Any condition</option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {conditionLabel(c)}
                </option>
              ))}
            </select>
          </label>
        )}

        <div className="field">
          <label className="field__label" htmlFor={`${id}-zip`}>
            ZIP code
          </label>
          <input
            id={`${id}-zip`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            placeholder="e.g. 94110"
            value={draft.searchZip}
            onChange={(e) => set('searchZip', e.target.value)}
          />
          {myZip && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={isMyZip(draft, myZip)}
                onChange={(e) => setDraft((d) => applyMyZip(d, e.target.checked, myZip))}
              />
              Use my ZIP
            </label>
          )}
        </div>

        {draft.searchZip.trim() !== '' && (
          <label className="field">
            <span className="field__label">Radius</span>
            <select value={draft.radius} onChange={(e) => set('radius', e.target.value)}>
              <option value="">Any distance</option>
              {RADIUS_OPTIONS.map((r) => (
                <option key={r} value={r}>
                  {r} miles
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="filter-panel__actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onReset();
          }}
        >
          Reset Filters
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </div>
    </form>
  );
}
