import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { ConfirmModal } from '../../../components/confirm-modal';
import { usePageTitle } from '../../../lib/page-title';
import {
  useAdminAccountsQuery,
  useChangeAdminAccessMutation,
  useSendAdminResetLinkMutation,
  useSetAdminStatusMutation,
  type AdminAccount,
} from '../admin-api';
import { adminSession } from '../admin-session';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminTable, type Column } from '../components/admin-list';
import { errorMessage, formatDate } from '../components/query-state';

/** The areas an admin's map can grant (the server's list), with the console's labels. */
const grantable = [
  ['dashboard', 'Dashboard'],
  ['users', 'Users'],
  ['products', 'Products'],
  ['subscriptions', 'Subscriptions'],
  ['reports', 'Reports'],
  ['audit', 'Audit log'],
  ['platform', 'Platform'],
] as const;
type Role = 'admin' | 'executive' | 'staff';
const roles: Role[] = ['staff', 'admin', 'executive'];

const areasOf = (a: AdminAccount) =>
  a.role === 'staff'
    ? grantable
        .filter(([k]) => a.permissions[k])
        .map(([, label]) => label)
        .join(', ') || 'None'
    : 'Every area';

/** Role and areas of one admin; an admin or executive opens every area, so only staff pick. */
function AccessDialog({ account, onClose }: { account: AdminAccount; onClose(): void }) {
  const toast = useToast();
  const [role, setRole] = useState<Role>(account.role as Role);
  const [areas, setAreas] = useState<Record<string, boolean>>({ ...account.permissions });
  const [change, state] = useChangeAdminAccessMutation();
  return (
    <ConfirmModal
      title={`Access of ${account.email}`}
      confirmLabel="Save"
      keepLabel="Cancel"
      confirmDisabled={state.isLoading}
      onClose={onClose}
      onConfirm={async () => {
        const permissions = Object.fromEntries(grantable.map(([k]) => [k, areas[k] === true]));
        const res = await change({ id: account.admin_id, role, permissions });
        if (!('error' in res)) {
          toast(`${account.email} now has the new access; their sessions ended`, 'success');
          onClose();
        }
      }}
    >
      <p>Their current sessions end: they sign in again to use what they may now do.</p>
      <label className="field">
        <span className="field__label">Role</span>
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="field" disabled={role !== 'staff'}>
        <legend className="field__label">
          {role === 'staff' ? 'Areas' : `Areas (an ${role} opens every area)`}
        </legend>
        {grantable.map(([k, label]) => (
          <label key={k} className="field--inline">
            <input
              type="checkbox"
              checked={role !== 'staff' || areas[k] === true}
              onChange={(e) => setAreas((m) => ({ ...m, [k]: e.target.checked }))}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {state.error && (
        <p className="form__error" role="alert">
          {errorMessage(state.error)}
        </p>
      )}
    </ConfirmModal>
  );
}

type Pending =
  | { kind: 'access'; account: AdminAccount }
  | { kind: 'status'; account: AdminAccount }
  | { kind: 'reset'; account: AdminAccount };

const columns = (
  me: string | undefined,
  open: (kind: Pending['kind'], account: AdminAccount) => void,
): Column<AdminAccount>[] => [
  {
    header: 'E-mail',
    cell: (a) => (
      <>
        {a.email}
        {a.admin_id === me && <span className="admin-muted"> (you)</span>}
      </>
    ),
  },
  { header: 'Role', cell: (a) => a.role },
  { header: 'Areas', cell: areasOf },
  {
    header: 'Status',
    cell: (a) => <span className={`admin-status admin-status--${a.status}`}>{a.status}</span>,
  },
  {
    header: 'Last sign-in',
    cell: (a) => (a.last_sign_in_at ? formatDate(a.last_sign_in_at) : 'Never'),
  },
  {
    header: 'Actions',
    headerHidden: true,
    className: 'admin-actions',
    cell: (a) => (
      <>
        <button
          type="button"
          className="btn btn--ghost"
          aria-label={`Change access of ${a.email}`}
          onClick={() => open('access', a)}
        >
          Access
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          aria-label={`${a.status === 'active' ? 'Disable' : 'Enable'} ${a.email}`}
          onClick={() => open('status', a)}
        >
          {a.status === 'active' ? 'Disable' : 'Enable'}
        </button>
        {a.status === 'active' && (
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={`Send a password-reset link to ${a.email}`}
            onClick={() => open('reset', a)}
          >
            Reset password
          </button>
        )}
      </>
    ),
  },
];

/** Admins who manage admins (executives only): role and areas, disabling, reset links. */
export default function AdminsPage() {
  usePageTitle('Admin Admins');
  const toast = useToast();
  const { data, isLoading, error } = useAdminAccountsQuery();
  const [pending, setPending] = useState<Pending | null>(null);
  const [setStatus, statusState] = useSetAdminStatusMutation();
  const [sendLink, linkState] = useSendAdminResetLinkMutation();
  const [outcome, setOutcome] = useState('');
  const session = adminSession.check();
  const me = session.status === 'valid' ? session.user.id : undefined;
  const close = () => {
    setPending(null);
    statusState.reset();
    linkState.reset();
  };
  const done = (message: string) => {
    setOutcome(message);
    toast(message, 'success');
    close();
  };

  return (
    <>
      <h1>Admins</h1>
      <p className="admin-muted">
        Who may use the admin console and which areas they open. Every change is in the audit log.
      </p>
      <p role="status" className="admin-muted">
        {outcome}
      </p>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.admins}
        rowKey={(a) => a.admin_id}
        columns={columns(me, (kind, account) => setPending({ kind, account }))}
      />
      {pending?.kind === 'access' && <AccessDialog account={pending.account} onClose={close} />}
      {pending?.kind === 'status' && (
        <ConfirmDialog
          title={pending.account.status === 'active' ? 'Disable admin' : 'Enable admin'}
          message={
            pending.account.status === 'active'
              ? `${pending.account.email} will not be able to sign in, and their sessions end at once.`
              : `${pending.account.email} can sign in again.`
          }
          confirmLabel={pending.account.status === 'active' ? 'Disable' : 'Enable'}
          reason="optional"
          busy={statusState.isLoading}
          error={errorMessage(statusState.error)}
          onClose={close}
          onConfirm={async (reason) => {
            const disabling = pending.account.status === 'active';
            const res = await setStatus({
              id: pending.account.admin_id,
              status: disabling ? 'disabled' : 'active',
              ...(reason ? { reason } : {}),
            });
            if (!('error' in res))
              done(`${pending.account.email} is ${disabling ? 'disabled' : 'enabled'}`);
          }}
        />
      )}
      {pending?.kind === 'reset' && (
        <ConfirmDialog
          title="Send a password-reset link"
          message={`A one-time link to choose a new password goes to ${pending.account.email}. Their current password works until the link is used.`}
          confirmLabel="Send link"
          reason="none"
          busy={linkState.isLoading}
          error={errorMessage(linkState.error)}
          onClose={close}
          onConfirm={async () => {
            const res = await sendLink({ id: pending.account.admin_id });
            if (!('error' in res)) done(`A reset link was sent to ${pending.account.email}`);
          }}
        />
      )}
    </>
  );
}
