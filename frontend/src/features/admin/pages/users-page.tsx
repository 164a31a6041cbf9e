import { useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { usePageTitle } from '../../../lib/page-title';
import { useToast } from '../../../app/hooks';
import { useAdminUsersQuery, useSetUserStatusMutation, type AdminMember } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage, formatDate, QueryState, TableFooter } from '../components/query-state';

const nameOf = (m: AdminMember) =>
  [m.first_name, m.last_name].filter(Boolean).join(' ') || m.username || '—';

/** Members: search by name or e-mail, filter by status, suspend and reactivate with a reason. */
export default function UsersPage() {
  usePageTitle('Admin Users');
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim(), 300);
  const { data, isLoading, error } = useAdminUsersQuery({
    search: query || undefined,
    status: status || undefined,
    page,
  });
  const [target, setTarget] = useState<AdminMember | null>(null);
  const [setUserStatus, change] = useSetUserStatusMutation();
  const suspending = target?.status !== 'suspended';

  return (
    <>
      <h1>Users</h1>
      <div className="admin-filters">
        <label className="field field--inline">
          <span className="field__label">Search</span>
          <input
            type="search"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
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
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </label>
      </div>
      <QueryState isLoading={isLoading} error={error}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>E-mail</th>
              <th>Status</th>
              <th>Verified</th>
              <th>Joined</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data?.users.map((m) => (
              <tr key={m.user_id}>
                <td>{nameOf(m)}</td>
                <td>{m.email ?? '—'}</td>
                <td>
                  <span className={`admin-status admin-status--${m.status}`}>{m.status}</span>
                </td>
                <td>{m.is_verified ? 'Yes' : 'No'}</td>
                <td>{formatDate(m.registered_at)}</td>
                <td>
                  <button type="button" className="btn btn--ghost" onClick={() => setTarget(m)}>
                    {m.status === 'suspended' ? 'Reactivate' : 'Suspend'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.users.length === 0 && <p className="admin-muted">No members match.</p>}
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
          title={suspending ? 'Suspend member' : 'Reactivate member'}
          message={
            suspending
              ? `${target.email ?? nameOf(target)} will not be able to sign in, their sessions end and their listings leave search.`
              : `${target.email ?? nameOf(target)} can sign in again and their listings return.`
          }
          confirmLabel={suspending ? 'Suspend' : 'Reactivate'}
          reason={suspending ? 'required' : 'optional'}
          busy={change.isLoading}
          error={errorMessage(change.error)}
          onClose={() => {
            setTarget(null);
            change.reset();
          }}
          onConfirm={async (reason) => {
            const res = await setUserStatus({
              id: target.user_id,
              status: suspending ? 'suspended' : 'active',
              ...(reason ? { reason } : {}),
            });
            if (!('error' in res)) {
              toast(suspending ? 'Member suspended' : 'Member reactivated', 'success');
              setTarget(null);
            }
          }}
        />
      )}
    </>
  );
}
