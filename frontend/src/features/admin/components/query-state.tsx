import type { ReactNode } from 'react';
import { InlineLoading } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';

/** Loading, error or the content; a 403 reads as the permission message. */
export function QueryState({
  isLoading,
  error,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  if (isLoading) return <InlineLoading />;
  if (error) {
    const message =
      typeof error === 'object' && error && 'message' in error
        ? String((error as { message: unknown }).message)
        : 'Something went wrong';
    return (
      <p className="form__error" role="alert">
        {message}
      </p>
    );
  }
  return <>{children}</>;
}

/** "N results" and the pager under a table. */
export function TableFooter({
  total,
  page,
  totalPages,
  onPage,
}: {
  total: number;
  page: number;
  totalPages: number;
  onPage(p: number): void;
}) {
  return (
    <div className="admin-table__footer">
      <span className="admin-muted">
        {total} result{total === 1 ? '' : 's'}
      </span>
      <Pager page={page} totalPages={totalPages} onChange={onPage} />
    </div>
  );
}

export const errorMessage = (error: unknown): string | null =>
  error && typeof error === 'object' && 'message' in error
    ? String((error as { message: unknown }).message)
    : error
      ? 'Something went wrong'
      : null;

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString() : '—';
