import { useState } from 'react';
import { usePageTitle } from '../../../lib/page-title';
import { useToast } from '../../../app/hooks';
import { useAdminUsersQuery, useSetUserStatusMutation, type AdminMember } from '../admin-api';
import {
  AdminTable,
  FilterBar,
  FilterSelect,
  FilterText,
  useListFilters,
  type Column,
} from '../components/admin-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage, formatDate } from '../components/query-state';

const nameOf = (m: AdminMember) =>
  [m.first_name, m.last_name].filter(Boolean).join(' ') || m.username || '—';

const columns = (act: (m: AdminMember) => void): Column<AdminMember>[] => [
  { header: 'Name', cell: nameOf },
  { header: 'E-mail', cell: (m) => m.email ?? '—' },
  {
    header: 'Status',
    cell: (m) => <span className={`admin-status admin-status--${m.status}`}>{m.status}</span>,
  },
  { header: 'Verified', cell: (m) => (m.is_verified ? 'Yes' : 'No') },
  { header: 'Joined', cell: (m) => formatDate(m.registered_at) },
  {
    header: 'Actions',
    headerHidden: true,
    cell: (m) => (
      <button type="button" className="btn btn--ghost" onClick={() => act(m)}>
        {m.status === 'suspended' ? 'Reactivate' : 'Suspend'}
      </button>
    ),
  },
];

/** Members: search by name or e-mail, filter by status, suspend and reactivate with a reason. */
export default function UsersPage() {
  usePageTitle('Admin Users');
  const toast = useToast();
  const list = useListFilters({ search: '', status: '' }, ['search']);
  const { data, isLoading, error } = useAdminUsersQuery({ ...list.query, page: list.page });
  const [target, setTarget] = useState<AdminMember | null>(null);
  const [setUserStatus, change] = useSetUserStatusMutation();
  const suspending = target?.status !== 'suspended';

  return (
    <>
      <h1>Users</h1>
      <FilterBar>
        <FilterText
          label="Search"
          search
          placeholder="Name or e-mail"
          value={list.values.search}
          onChange={list.set('search')}
        />
        <FilterSelect
          label="Status"
          value={list.values.status}
          onChange={list.set('status')}
          options={[
            ['', 'All'],
            ['active', 'Active'],
            ['suspended', 'Suspended'],
          ]}
        />
      </FilterBar>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.users}
        rowKey={(m) => m.user_id}
        columns={columns(setTarget)}
        empty="No members match."
        paging={list.paging(data)}
      />
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
