import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminReportsQuery, useResolveReportMutation, type AdminReport } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage, formatDate, QueryState, TableFooter } from '../components/query-state';

type Resolution = 'dismissed' | 'actioned';

/** The queue of filed reports (listings, stores, members), each closed as dismissed or actioned. */
export default function ReportsPage() {
  usePageTitle('Admin Reports');
  const toast = useToast();
  const [status, setStatus] = useState('open');
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAdminReportsQuery({ status: status || undefined, page });
  const [target, setTarget] = useState<{ report: AdminReport; resolution: Resolution } | null>(
    null,
  );
  const [resolve, change] = useResolveReportMutation();
  return (
    <>
      <h1>Reports</h1>
      <div className="admin-filters">
        <label className="field field--inline">
          <span className="field__label">Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All</option>
            <option value="open">Open</option>
            <option value="dismissed">Dismissed</option>
            <option value="actioned">Actioned</option>
          </select>
        </label>
      </div>
      <QueryState isLoading={isLoading} error={error}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>Filed</th>
              <th>Target</th>
              <th>Reason</th>
              <th>Status</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data?.reports.map((r) => (
              <tr key={r.report_id}>
                <td>{formatDate(r.filed_at)}</td>
                <td>
                  {r.target_type} <span className="admin-mono">{r.target_id}</span>
                </td>
                <td>{r.reason}</td>
                <td>
                  <span className={`admin-status admin-status--${r.status}`}>{r.status}</span>
                </td>
                <td className="admin-actions">
                  {r.status === 'open' && (
                    <>
                      <button
                        type="button"
                        className="btn btn--ghost"
                        onClick={() => setTarget({ report: r, resolution: 'dismissed' })}
                      >
                        Dismiss
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost"
                        onClick={() => setTarget({ report: r, resolution: 'actioned' })}
                      >
                        Mark actioned
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.reports.length === 0 && <p className="admin-muted">No reports match.</p>}
        {data && (
          <TableFooter
            total={data.totalCount}
            page={page}
            totalPages={data.totalPages}
            onPage={setPage}
          />
        )}
      </QueryState>
      {target && (
        <ConfirmDialog
          title={target.resolution === 'dismissed' ? 'Dismiss report' : 'Mark report actioned'}
          message={
            target.resolution === 'dismissed'
              ? 'The report is closed without action.'
              : 'The report is closed as acted upon (hide the listing or suspend the member first).'
          }
          confirmLabel={target.resolution === 'dismissed' ? 'Dismiss' : 'Mark actioned'}
          reason="optional"
          busy={change.isLoading}
          error={errorMessage(change.error)}
          onClose={() => {
            setTarget(null);
            change.reset();
          }}
          onConfirm={async (note) => {
            const res = await resolve({
              id: target.report.report_id,
              resolution: target.resolution,
              ...(note ? { note } : {}),
            });
            if (!('error' in res)) {
              toast('Report resolved', 'success');
              setTarget(null);
            }
          }}
        />
      )}
    </>
  );
}
