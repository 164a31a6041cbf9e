import { useState } from 'react';
import {
  useAdminMemberReportsQuery,
  type AdminMember,
  type AdminMemberReport,
  type AdminReport,
} from '../admin-api';
import { AdminTable, type Column } from './admin-list';
import { formatDate } from './query-state';

type Resolution = 'dismissed' | 'actioned';

export const MemberReportsTexts = {
  title: 'Member reports',
  empty: 'No member reports match.',
} as const;

const memberName = (m: AdminMember | null, id: string) => {
  if (!m) return id;
  const name = [m.first_name, m.last_name].filter(Boolean).join(' ');
  return name || (m.username ? `@${m.username}` : m.email || id);
};

const reasonLabel = (reason: string) => reason.replace(/_/g, ' ');

/**
 * Reports of members, beside the listing reports: who was reported, their account status, how
 * many reports about them are open, and the same Dismiss / Mark actioned as the other reports.
 */
export function MemberReportsSection({
  status,
  onResolve,
}: {
  status: string | undefined;
  onResolve(report: AdminReport, resolution: Resolution): void;
}) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAdminMemberReportsQuery({ status, page });
  const columns: Column<AdminMemberReport>[] = [
    { header: 'Filed', cell: (r) => formatDate(r.filed_at) },
    {
      header: 'Member',
      cell: (r) => (
        <>
          {memberName(r.member, r.target_id)}{' '}
          {r.member?.email && <span className="admin-mono">{r.member.email}</span>}
        </>
      ),
    },
    {
      header: 'Account',
      cell: (r) => (r.member ? r.member.status : 'unknown'),
    },
    { header: 'Reason', cell: (r) => reasonLabel(r.reason) },
    { header: 'Open reports on member', cell: (r) => r.open_reports_on_member },
    {
      header: 'Status',
      cell: (r) => <span className={`admin-status admin-status--${r.status}`}>{r.status}</span>,
    },
    {
      header: 'Actions',
      headerHidden: true,
      className: 'admin-actions',
      cell: (r) =>
        r.status === 'open' && (
          <>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onResolve(r, 'dismissed')}
            >
              Dismiss
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onResolve(r, 'actioned')}
            >
              Mark actioned
            </button>
          </>
        ),
    },
  ];
  return (
    <section aria-labelledby="member-reports-title">
      <h2 id="member-reports-title">{MemberReportsTexts.title}</h2>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.reports}
        rowKey={(r) => r.report_id}
        columns={columns}
        empty={MemberReportsTexts.empty}
        paging={
          data && {
            total: data.totalCount,
            page,
            totalPages: data.totalPages,
            onPage: setPage,
          }
        }
      />
    </section>
  );
}
