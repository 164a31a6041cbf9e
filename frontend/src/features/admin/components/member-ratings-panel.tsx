import type { RatingResponse } from '@swapbooth/contracts';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../app/hooks';
import { useAdminMemberRatingsQuery, useRemoveRatingMutation } from '../admin-api';
import { AdminTable, type Column } from './admin-list';
import { ConfirmDialog } from './confirm-dialog';
import { errorMessage, formatDate } from './query-state';

const raterOf = (r: RatingResponse) =>
  [r.rater.first_name, r.rater.last_name].filter(Boolean).join(' ') ||
  (r.rater.username ? `@${r.rater.username}` : r.rater_id);

const columns = (remove: (r: RatingResponse) => void): Column<RatingResponse>[] => [
  { header: 'Date', cell: (r) => formatDate(r.created_at) },
  { header: 'By', cell: (r) => raterOf(r) },
  { header: 'Hearts', cell: (r) => r.rating_value },
  { header: 'Comment', cell: (r) => r.comment || '—' },
  { header: 'Answer', cell: (r) => r.answer?.comment ?? '—' },
  {
    header: 'Actions',
    headerHidden: true,
    className: 'admin-actions',
    cell: (r) => (
      <button type="button" className="btn btn--ghost" onClick={() => remove(r)}>
        Remove rating
      </button>
    ),
  },
];

/**
 * The shown ratings of one member, each removable when it breaks the rules (reason required,
 * audited). Opened from a report about the member, or by the member's id.
 */
export function MemberRatingsPanel({
  userId,
  onUserId,
}: {
  userId: string;
  onUserId(userId: string): void;
}) {
  const toast = useToast();
  const [draft, setDraft] = useState(userId);
  const [target, setTarget] = useState<RatingResponse | null>(null);
  const { data, isFetching, error } = useAdminMemberRatingsQuery(userId, { skip: !userId });
  const [remove, removal] = useRemoveRatingMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onUserId(draft.trim());
  };
  return (
    <section className="admin-ratings" aria-labelledby="admin-ratings-title">
      <h2 id="admin-ratings-title">Ratings of a member</h2>
      <form className="admin-filters" onSubmit={submit}>
        <label className="field field--inline">
          <span className="field__label">Member id</span>
          <input value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--secondary">
          Show ratings
        </button>
      </form>
      {userId && (
        <AdminTable
          isLoading={isFetching}
          error={error}
          rows={data?.ratings}
          rowKey={(r) => r.rating_id}
          columns={columns(setTarget)}
          empty="This member has no shown ratings."
        />
      )}
      {target && (
        <ConfirmDialog
          title="Remove rating"
          message={`The rating by ${raterOf(target)} is taken off every page and out of the member’s average. The reason goes to the audit log.`}
          confirmLabel="Remove rating"
          reason="required"
          busy={removal.isLoading}
          error={errorMessage(removal.error)}
          onClose={() => {
            setTarget(null);
            removal.reset();
          }}
          onConfirm={async (reason) => {
            const res = await remove({ id: target.rating_id, reason });
            if (!('error' in res)) {
              toast('Rating removed', 'success');
              setTarget(null);
            }
          }}
        />
      )}
    </section>
  );
}
