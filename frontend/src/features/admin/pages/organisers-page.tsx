import type { OrganiserRequestListResponse } from '@swapbooth/contracts';
import { useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminOrganisersQuery, useDecideOrganiserMutation } from '../admin-api';
import {
  AdminTable,
  FilterBar,
  FilterSelect,
  useListFilters,
  type Column,
} from '../components/admin-list';
import { errorMessage, formatDate } from '../components/query-state';

type Decision = 'approved' | 'refused';
type Organiser = OrganiserRequestListResponse['organisers'][number];

const whoOf = (o: Organiser) => o.name || o.username || o.user_id;

const columns = (
  act: (o: Organiser, decision: Decision) => void,
  busy: boolean,
): Column<Organiser>[] => [
  {
    header: 'Member',
    cell: (o) => (
      <>
        {whoOf(o)}
        {o.username && o.name && <span className="admin-muted"> @{o.username}</span>}
      </>
    ),
  },
  { header: 'Booth', cell: (o) => o.booth_name ?? '—' },
  { header: 'Asked', cell: (o) => formatDate(o.requested_at) },
  {
    header: 'Status',
    cell: (o) => <span className={`admin-status admin-status--${o.status}`}>{o.status}</span>,
  },
  {
    header: 'Actions',
    headerHidden: true,
    className: 'admin-actions',
    cell: (o) => (
      <>
        {o.status !== 'approved' && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy}
            aria-label={`Approve ${whoOf(o)}`}
            onClick={() => act(o, 'approved')}
          >
            Approve
          </button>
        )}
        {o.status !== 'refused' && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy}
            aria-label={`Refuse ${whoOf(o)}`}
            onClick={() => act(o, 'refused')}
          >
            Refuse
          </button>
        )}
      </>
    ),
  },
];

/** Members asking to organise math trades (a booth is required), approved or refused here. */
export default function OrganisersPage() {
  usePageTitle('Admin Organisers');
  const toast = useToast();
  const list = useListFilters({ status: 'requested' });
  const { data, isLoading, error } = useAdminOrganisersQuery(list.query);
  const [decide, change] = useDecideOrganiserMutation();
  const [outcome, setOutcome] = useState('');

  const act = async (userId: string, who: string, decision: Decision) => {
    setOutcome('');
    const res = await decide({ userId, status: decision });
    if ('error' in res) {
      toast(errorMessage(res.error) ?? 'Something went wrong', 'error');
      return;
    }
    const message =
      decision === 'approved'
        ? `${who} may now organise math trades.`
        : `${who}'s request was refused.`;
    setOutcome(message);
    toast(message, 'success');
  };

  return (
    <>
      <h1>Math-trade organisers</h1>
      <p className="admin-muted">
        Members with a booth ask to run math trades; approve those you trust to run a community
        event.
      </p>
      <FilterBar>
        <FilterSelect
          label="Status"
          value={list.values.status}
          onChange={list.set('status')}
          options={[
            ['requested', 'Requested'],
            ['approved', 'Approved'],
            ['refused', 'Refused'],
            ['', 'All'],
          ]}
        />
      </FilterBar>
      <p role="status" className="admin-muted">
        {outcome}
      </p>
      <AdminTable
        isLoading={isLoading}
        error={error}
        rows={data?.organisers}
        rowKey={(o) => o.user_id}
        columns={columns(
          (o, decision) => void act(o.user_id, whoOf(o), decision),
          change.isLoading,
        )}
        empty="No organiser requests match."
      />
    </>
  );
}
