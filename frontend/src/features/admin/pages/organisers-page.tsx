import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminOrganisersQuery, useDecideOrganiserMutation } from '../admin-api';
import { errorMessage, formatDate, QueryState } from '../components/query-state';

type Decision = 'approved' | 'refused';

/** Members asking to organise math trades (a booth is required), approved or refused here. */
export default function OrganisersPage() {
  usePageTitle('Admin Organisers');
  const toast = useToast();
  const [status, setStatus] = useState('requested');
  const { data, isLoading, error } = useAdminOrganisersQuery({ status: status || undefined });
  const [decide, change] = useDecideOrganiserMutation();
  const [outcome, setOutcome] = useState('');

  const act = async (userId: string, who: string, decision: Decision) => {
    setOutcome('');
    const res = await decide({ userId, status: decision });
    if ('error' in res) {
      toast(errorMessage(res.error) ?? 'Something went wrong', 'error');
      return;
    }
    const message =
      decision === 'approved'
        ? `${who} may now organise math trades.`
        : `${who}'s request was refused.`;
    setOutcome(message);
    toast(message, 'success');
  };

  return (
    <>
      <h1>Math-trade organisers</h1>
      <p className="admin-muted">
        Members with a booth ask to run math trades; approve those you trust to run a community
        event.
      </p>
      <div className="admin-filters">
        <label className="field field--inline">
          <span className="field__label">Status</span>
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="requested">Requested</option>
            <option value="approved">Approved</option>
            <option value="refused">Refused</option>
            <option value="">All</option>
          </select>
        </label>
      </div>
      <p role="status" className="admin-muted">
        {outcome}
      </p>
      <QueryState isLoading={isLoading} error={error}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>Member</th>
              <th>Booth</th>
              <th>Asked</th>
              <th>Status</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data?.organisers.map((o) => {
              const who = o.name || o.username || o.user_id;
              return (
                <tr key={o.user_id}>
                  <td>
                    {who}
                    {o.username && o.name && <span className="admin-muted"> @{o.username}</span>}
                  </td>
                  <td>{o.booth_name ?? '—'}</td>
                  <td>{formatDate(o.requested_at)}</td>
                  <td>
                    <span className={`admin-status admin-status--${o.status}`}>{o.status}</span>
                  </td>
                  <td className="admin-actions">
                    {o.status !== 'approved' && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        disabled={change.isLoading}
                        aria-label={`Approve ${who}`}
                        onClick={() => void act(o.user_id, who, 'approved')}
                      >
                        Approve
                      </button>
                    )}
                    {o.status !== 'refused' && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        disabled={change.isLoading}
                        aria-label={`Refuse ${who}`}
                        onClick={() => void act(o.user_id, who, 'refused')}
                      >
                        Refuse
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {data && data.organisers.length === 0 && (
          <p className="admin-muted">No organiser requests match.</p>
        )}
      </QueryState>
    </>
  );
}
