import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import {
  useAdminSubscriptionsQuery,
  useCancelSubscriptionMutation,
  useLazyPaymentProviderQuery,
  type AdminSubscription,
} from '../admin-api';
import {
  AdminTable,
  FilterBar,
  FilterSelect,
  useListFilters,
  type Column,
} from '../components/admin-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage, formatDate } from '../components/query-state';

const columns = (act: (s: AdminSubscription) => void): Column<AdminSubscription>[] => [
  { header: 'Member', className: 'admin-mono', cell: (s) => s.user_id },
  { header: 'Subscription', className: 'admin-mono', cell: (s) => s.subscription_id ?? '—' },
  {
    header: 'Status',
    cell: (s) => <span className={`admin-status admin-status--${s.status}`}>{s.status}</span>,
  },
  { header: 'Period ends', cell: (s) => formatDate(s.current_period_end) },
  { header: 'Updated', cell: (s) => formatDate(s.updated_at) },
  {
    header: 'Actions',
    headerHidden: true,
    cell: (s) =>
      s.subscription_id &&
      (s.status === 'active' || s.status === 'trialing') && (
        <button type="button" className="btn btn--ghost" onClick={() => act(s)}>
          Cancel
        </button>
      ),
  },
];

/** Subscriptions as payment last confirmed them; cancel one with a confirmation. */
export default function SubscriptionsPage() {
  usePageTitle('Admin Subscriptions');
  const toast = useToast();
  const list = useListFilters({ status: '' });
  const { data, isLoading, error } = useAdminSubscriptionsQuery({
    ...list.query,
    page: list.page,
  });
  const [target, setTarget] = useState<AdminSubscription | null>(null);
  const [cancel, change] = useCancelSubscriptionMutation();
  const [checkProvider, provider] = useLazyPaymentProviderQuery();
  return (
    <>
      <h1>Subscriptions</h1>
      <FilterBar>
        <button type="button" className="btn btn--secondary" onClick={() => checkProvider()}>
          Check payment provider
        </button>
        <span role="status" className="admin-muted">
          {provider.isFetching
            ? 'Checking…'
            : provider.data
              ? `Payment provider answers: ${provider.data.provider ?? 'unknown'} (${provider.data.mode ?? 'unknown'} mode)`
              : provider.error
                ? `Payment provider check failed: ${errorMessage(provider.error)}`
                : ''}
        </span>
        <FilterSelect
          label="Status"
          value={list.values.status}
          onChange={list.set('status')}
          options={[['', 'All'], 'active', 'trialing', 'past_due', 'canceled', 'incomplete']}
        />
      </FilterBar>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.subscriptions}
        rowKey={(s) => s.user_id}
        columns={columns(setTarget)}
        empty="No subscriptions match."
        paging={list.paging(data)}
      />
      {target && (
        <ConfirmDialog
          title="Cancel subscription"
          message={`Subscription ${target.subscription_id} ends and the member loses its benefits.`}
          confirmLabel="Cancel subscription"
          reason="optional"
          busy={change.isLoading}
          error={errorMessage(change.error)}
          onClose={() => {
            setTarget(null);
            change.reset();
          }}
          onConfirm={async (reason) => {
            const res = await cancel({
              id: target.subscription_id!,
              ...(reason ? { reason } : {}),
            });
            if (!('error' in res)) {
              toast('Subscription cancelled', 'success');
              setTarget(null);
            }
          }}
        />
      )}
    </>
  );
}
