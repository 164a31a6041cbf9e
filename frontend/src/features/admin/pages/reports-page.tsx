import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminReportsQuery, useResolveReportMutation, type AdminReport } from '../admin-api';
import {
  AdminTable,
  FilterBar,
  FilterSelect,
  useListFilters,
  type Column,
} from '../components/admin-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { MemberReportsSection } from '../components/member-reports-section';
import { MemberRatingsPanel } from '../components/member-ratings-panel';
import { errorMessage, formatDate } from '../components/query-state';

type Resolution = 'dismissed' | 'actioned';

const columns = (
  act: (report: AdminReport, resolution: Resolution) => void,
  ratingsOf: (userId: string) => void,
): Column<AdminReport>[] => [
  { header: 'Filed', cell: (r) => formatDate(r.filed_at) },
  {
    header: 'Target',
    cell: (r) => (
      <>
        {r.target_type} <span className="admin-mono">{r.target_id}</span>
      </>
    ),
  },
  { header: 'Reason', cell: (r) => r.reason },
  {
    header: 'Status',
    cell: (r) => <span className={`admin-status admin-status--${r.status}`}>{r.status}</span>,
  },
  {
    header: 'Actions',
    headerHidden: true,
    className: 'admin-actions',
    cell: (r) => (
      <>
        {r.target_type === 'user' && (
          <button type="button" className="btn btn--ghost" onClick={() => ratingsOf(r.target_id)}>
            Ratings
          </button>
        )}
        {r.status === 'open' && (
          <>
            <button type="button" className="btn btn--ghost" onClick={() => act(r, 'dismissed')}>
              Dismiss
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => act(r, 'actioned')}>
              Mark actioned
            </button>
          </>
        )}
      </>
    ),
  },
];

/**
 * The queue of filed reports (listings, stores, members), each closed as dismissed or actioned;
 * the reports of members again below it, with the member reported.
 */
export default function ReportsPage() {
  usePageTitle('Admin Reports');
  const toast = useToast();
  const list = useListFilters({ status: 'open' });
  const { data, isLoading, error } = useAdminReportsQuery({ ...list.query, page: list.page });
  const [target, setTarget] = useState<{ report: AdminReport; resolution: Resolution } | null>(
    null,
  );
  const [resolve, change] = useResolveReportMutation();
  const [ratingsOf, setRatingsOf] = useState('');
  return (
    <>
      <h1>Reports</h1>
      <FilterBar>
        <FilterSelect
          label="Status"
          value={list.values.status}
          onChange={list.set('status')}
          options={[
            ['', 'All'],
            ['open', 'Open'],
            ['dismissed', 'Dismissed'],
            ['actioned', 'Actioned'],
          ]}
        />
      </FilterBar>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.reports}
        rowKey={(r) => r.report_id}
        columns={columns((report, resolution) => setTarget({ report, resolution }), setRatingsOf)}
        empty="No reports match."
        paging={list.paging(data)}
      />
      {/* Keyed by the member, so a report's "Ratings" fills the member's id in afresh. */}
      <MemberRatingsPanel key={ratingsOf} userId={ratingsOf} onUserId={setRatingsOf} />
      <MemberReportsSection
        status={list.query.status}
        onResolve={(report, resolution) => setTarget({ report, resolution })}
      />
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
