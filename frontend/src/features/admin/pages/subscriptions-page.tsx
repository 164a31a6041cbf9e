import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import {
  useAdminSubscriptionsQuery,
  useCancelSubscriptionMutation,
  useLazyPaymentProviderQuery,
  type AdminSubscription,
} from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage, formatDate, QueryState, TableFooter } from '../components/query-state';

/** Subscriptions as payment last confirmed them; cancel one with a confirmation. */
export default function SubscriptionsPage() {
  usePageTitle('Admin Subscriptions');
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAdminSubscriptionsQuery({
    status: status || undefined,
    page,
  });
  const [target, setTarget] = useState<AdminSubscription | null>(null);
  const [cancel, change] = useCancelSubscriptionMutation();
  const [checkProvider, provider] = useLazyPaymentProviderQuery();
  return (
    <>
      <h1>Subscriptions</h1>
      <div className="admin-filters">
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
            {['active', 'trialing', 'past_due', 'canceled', 'incomplete'].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState isLoading={isLoading} error={error}>
        <table className="admin-table">
          <thead>
            <tr>
              <th>Member</th>
              <th>Subscription</th>
              <th>Status</th>
              <th>Period ends</th>
              <th>Updated</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data?.subscriptions.map((s) => (
              <tr key={s.user_id}>
                <td className="admin-mono">{s.user_id}</td>
                <td className="admin-mono">{s.subscription_id ?? '—'}</td>
                <td>
                  <span className={`admin-status admin-status--${s.status}`}>{s.status}</span>
                </td>
                <td>{formatDate(s.current_period_end)}</td>
                <td>{formatDate(s.updated_at)}</td>
                <td>
                  {s.subscription_id && (s.status === 'active' || s.status === 'trialing') && (
                    <button type="button" className="btn btn--ghost" onClick={() => setTarget(s)}>
                      Cancel
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.subscriptions.length === 0 && (
          <p className="admin-muted">No subscriptions match.</p>
        )}
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
