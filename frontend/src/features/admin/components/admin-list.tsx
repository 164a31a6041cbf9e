import { useState, type ReactNode } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { QueryState, TableFooter } from './query-state';

/** How long typed filters wait for the typing to stop before they ask the server. */
const TYPING_MS = 300;

type Filters<K extends string> = Record<K, string>;

/**
 * A list page's filters and page. Changing a filter goes back to page 1; `query` holds what the
 * server is asked for: empty filters left out, typed ones (`typed`) trimmed and sent once the
 * typing stops.
 */
export function useListFilters<K extends string>(
  initial: Filters<K>,
  typed: readonly NoInfer<K>[] = [],
) {
  const [values, setValues] = useState(initial);
  const [page, setPage] = useState(1);
  const typedNow = JSON.stringify(typed.map((k) => values[k].trim()));
  const typedSettled = JSON.parse(useDebounced(typedNow, TYPING_MS)) as string[];
  const query = {} as Record<K, string | undefined>;
  for (const key of Object.keys(values) as K[]) {
    const at = typed.indexOf(key);
    query[key] = (at >= 0 ? typedSettled[at] : values[key]) || undefined;
  }
  const set = (key: K) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setPage(1);
  };
  /** The count and pager of a page of results (none until it has loaded). */
  const paging = (loaded: { totalCount: number; totalPages: number } | undefined) =>
    loaded && { total: loaded.totalCount, page, totalPages: loaded.totalPages, onPage: setPage };
  return { values, set, query, page, paging };
}

/** The row of filters above a list. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="admin-filters">{children}</div>;
}

/** A labelled choice among options (a value, or a value and its label). */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: ReadonlyArray<string | readonly [value: string, label: string]>;
}) {
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => {
          const [v, text] = typeof o === 'string' ? [o, o] : o;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}

/** A labelled text filter. */
export function FilterText({
  label,
  value,
  onChange,
  search,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A search box (type "search"). */
  search?: boolean;
  placeholder?: string;
}) {
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <input
        type={search ? 'search' : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export interface Column<T> {
  header: string;
  /** The header is read out but not shown (the actions column). */
  headerHidden?: boolean;
  className?: string;
  cell(row: T): ReactNode;
}

/**
 * A list's table: loading or the error, then the rows, what to say when there are none, and the
 * count with the pager when the list is paged.
 */
export function AdminTable<T>({
  isLoading,
  error,
  rows,
  rowKey,
  rowClassName,
  columns,
  empty,
  paging,
}: {
  isLoading: boolean;
  error: unknown;
  rows: T[] | undefined;
  rowKey(row: T): string;
  rowClassName?(row: T): string | undefined;
  columns: Column<T>[];
  empty?: string;
  paging?: { total: number; page: number; totalPages: number; onPage(page: number): void };
}) {
  return (
    <QueryState isLoading={isLoading} error={error}>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((c) =>
              c.headerHidden ? (
                <th key={c.header} aria-label={c.header} />
              ) : (
                <th key={c.header}>{c.header}</th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows?.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {empty && rows && rows.length === 0 && <p className="admin-muted">{empty}</p>}
      {paging && <TableFooter {...paging} />}
    </QueryState>
  );
}
