import { usePageTitle } from '../../../lib/page-title';
import { useAuditLogQuery, type AuditEntry } from '../admin-api';
import {
  AdminTable,
  FilterBar,
  FilterSelect,
  FilterText,
  useListFilters,
  type Column,
} from '../components/admin-list';
import { formatDate } from '../components/query-state';

const change = (before: unknown, after: unknown) => {
  const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));
  return `${show(before)} → ${show(after)}`;
};

const actions = [
  'admin.sign-in',
  'admin.sign-in-failed',
  'admin.sign-in-locked',
  'user.status-set',
  'product.status-set',
  'subscription.cancelled',
  'report.resolved',
];
const targetTypes = ['admin', 'user', 'product', 'subscription', 'report'];

const columns: Column<AuditEntry>[] = [
  { header: 'When', cell: (e) => formatDate(e.at) },
  { header: 'Who', cell: (e) => e.admin_email },
  { header: 'What', cell: (e) => e.action },
  {
    header: 'Target',
    cell: (e) => (
      <>
        {e.target_type} <span className="admin-mono">{e.target_id}</span>
      </>
    ),
  },
  { header: 'Change', className: 'admin-mono', cell: (e) => change(e.before, e.after) },
  { header: 'Reason', cell: (e) => e.reason ?? '—' },
];

/** Every admin action and sign-in, newest first: who, what, target, before → after, reason, when. */
export default function AuditPage() {
  usePageTitle('Admin Audit log');
  const list = useListFilters({ action: '', target_type: '', target_id: '' }, ['target_id']);
  const { data, isLoading, error } = useAuditLogQuery({ ...list.query, page: list.page });
  return (
    <>
      <h1>Audit log</h1>
      <FilterBar>
        <FilterSelect
          label="Action"
          value={list.values.action}
          onChange={list.set('action')}
          options={[['', 'All'], ...actions]}
        />
        <FilterSelect
          label="Target"
          value={list.values.target_type}
          onChange={list.set('target_type')}
          options={[['', 'All'], ...targetTypes]}
        />
        <FilterText
          label="Target id"
          value={list.values.target_id}
          onChange={list.set('target_id')}
        />
      </FilterBar>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.entries}
        rowKey={(e) => e.audit_id}
        rowClassName={(e) => (e.outcome === 'failed' ? 'admin-table__row--failed' : undefined)}
        columns={columns}
        empty="Nothing recorded yet."
        paging={list.paging(data)}
      />
    </>
  );
}
