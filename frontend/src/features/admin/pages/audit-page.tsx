import { useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { usePageTitle } from '../../../lib/page-title';
import { useAuditLogQuery } from '../admin-api';
import { formatDate, QueryState, TableFooter } from '../components/query-state';

const change = (before: unknown, after: unknown) => {
  const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));
  return `${show(before)} → ${show(after)}`;
};

/** Every admin action and sign-in, newest first: who, what, target, before → after, reason, when. */
export default function AuditPage() {
  usePageTitle('Admin Audit log');
  const [action, setAction] = useState('');
  const [targetType, setTargetType] = useState('');
  const [targetId, setTargetId] = useState('');
  const [page, setPage] = useState(1);
  const id = useDebounced(targetId.trim(), 300);
  const { data, isLoading, error } = useAuditLogQuery({
    action: action || undefined,
    target_type: targetType || undefined,
    target_id: id || undefined,
    page,
  });
  return (
    <>
      <h1>Audit log</h1>
      <div className="admin-filters">
        <label className="field field--inline">
          <span className="field__label">Action</span>
          <select
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {[
              'admin.sign-in',
              'admin.sign-in-failed',
              'admin.sign-in-locked',
              'user.status-set',
              'product.status-set',
              'subscription.cancelled',
              'report.resolved',
            ].map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">Target</span>
          <select
            value={targetType}
            onChange={(e) => {
              setTargetType(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {['admin', 'user', 'product', 'subscription', 'report'].map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">Target id</span>
          <input
            value={targetId}
            onChange={(e) => {
              setTargetId(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <QueryState isLoading={isLoading} error={error}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>What</th>
              <th>Target</th>
              <th>Change</th>
              <th>Reason</th>
            </tr>
          </thead>
          <tbody>
            {data?.entries.map((e) => (
              <tr
                key={e.audit_id}
                className={e.outcome === 'failed' ? 'admin-table__row--failed' : undefined}
              >
                <td>{formatDate(e.at)}</td>
                <td>{e.admin_email}</td>
                <td>{e.action}</td>
                <td>
                  {e.target_type} <span className="admin-mono">{e.target_id}</span>
                </td>
                <td className="admin-mono">{change(e.before, e.after)}</td>
                <td>{e.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.entries.length === 0 && <p className="admin-muted">Nothing recorded yet.</p>}
        {data && (
          <TableFooter
            total={data.totalCount}
            page={page}
            totalPages={data.totalPages}
            onPage={setPage}
          />
        )}
      </QueryState>
    </>
  );
}
