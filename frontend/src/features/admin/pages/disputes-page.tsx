import type { AdminDisputeResponse, ProposalPartyResponse } from '@swapbooth/contracts';
import { useId, useState } from 'react';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import {
  useAdminDisputeQuery,
  useAdminDisputesQuery,
  useResolveDisputeMutation,
  type AdminDispute,
  type DisputeDecision,
} from '../disputes-admin-api';
import {
  AdminTable,
  FilterBar,
  FilterSelect,
  useListFilters,
  type Column,
} from '../components/admin-list';
import { errorMessage, formatDate } from '../components/query-state';
import '../disputes.css';

const reasons: Record<AdminDispute['reason'], string> = {
  did_not_arrive: 'Did not arrive',
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  not_performed: 'Not performed',
  other: 'Other',
};

const stepWords: Record<string, string> = {
  report: 'reported',
  accept_return: 'accepted a return',
  propose_remedy: 'proposed a remedy',
  contest: 'contested',
  accept_remedy: 'agreed to the remedy',
  escalate: 'asked Swapbooth to step in',
  no_answer: 'no agreement in time',
  resolution: 'decided',
};

const outcomes: Record<NonNullable<AdminDispute['outcome']>, string> = {
  completed: 'Exchange completed',
  cancelled: 'Exchange cancelled, listings released',
  both_return: 'Both return, exchange cancelled',
};

const nameOf = (p: ProposalPartyResponse) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') ||
  (p.username ? `@${p.username}` : p.user_id);

const columns = (open: (d: AdminDispute) => void): Column<AdminDispute>[] => [
  { header: 'Opened', cell: (d) => formatDate(d.created_at) },
  { header: 'Reason', cell: (d) => reasons[d.reason] },
  {
    header: 'Status',
    cell: (d) => <span className={`admin-status admin-status--${d.status}`}>{d.status}</span>,
  },
  { header: 'Exchange', cell: (d) => <span className="admin-mono">{d.proposal_id}</span> },
  {
    header: 'Actions',
    headerHidden: true,
    className: 'admin-actions',
    cell: (d) => (
      <button
        type="button"
        className="btn btn--ghost"
        aria-label={`Open dispute ${d.dispute_id}`}
        onClick={() => open(d)}
      >
        Open
      </button>
    ),
  },
];

type Outcome = DisputeDecision['outcome'];

/** The admin's decision: what becomes of the exchange, for whom, the note, and any sanction. */
function DecisionForm({ found }: { found: AdminDisputeResponse }) {
  const toast = useToast();
  const ids = { note: useId(), sanction: useId(), member: useId() };
  const { dispute: d, proposal: p } = found;
  const parties = [p.sender, p.receiver];
  const opener = parties.find((x) => x.user_id === d.opened_by) ?? p.sender;
  const respondent = parties.find((x) => x.user_id === d.respondent_id) ?? p.receiver;
  const choices: { key: string; label: string; outcome: Outcome; favouring?: string }[] = [
    {
      key: 'opener',
      label: `For ${nameOf(opener)} (who reported): cancel, listings released`,
      outcome: 'cancelled',
      favouring: opener.user_id,
    },
    {
      key: 'respondent',
      label: `For ${nameOf(respondent)}: the exchange completes`,
      outcome: 'completed',
      favouring: respondent.user_id,
    },
    { key: 'both', label: 'Both return what they received', outcome: 'both_return' },
  ];
  const [choice, setChoice] = useState('opener');
  const [note, setNote] = useState('');
  const [sanction, setSanction] = useState<'' | 'warning' | 'suspension'>('');
  const [member, setMember] = useState(respondent.user_id);
  const [error, setError] = useState<string | null>(null);
  const [resolve, { isLoading }] = useResolveDisputeMutation();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!note.trim()) {
      setError('Write a note: both members read it with the outcome.');
      return;
    }
    const picked = choices.find((c) => c.key === choice)!;
    const res = await resolve({
      id: d.dispute_id,
      outcome: picked.outcome,
      ...(picked.favouring ? { favouring: picked.favouring } : {}),
      note: note.trim(),
      ...(sanction ? { sanction: { user_id: member, kind: sanction } } : {}),
    });
    if ('error' in res) {
      const message = errorMessage(res.error) ?? 'Something went wrong';
      setError(message);
      toast(message, 'error');
      return;
    }
    toast('The dispute is resolved; both members were told.', 'success');
  };

  return (
    <form className="admin-dispute__decision" onSubmit={(e) => void submit(e)}>
      <fieldset>
        <legend>Outcome</legend>
        {choices.map((c) => (
          <label key={c.key} className="admin-dispute__choice">
            <input
              type="radio"
              name="outcome"
              value={c.key}
              checked={choice === c.key}
              onChange={() => setChoice(c.key)}
            />{' '}
            {c.label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={ids.note}>Note to both members</label>
      <textarea
        id={ids.note}
        rows={3}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="admin-filters">
        <label className="field field--inline" htmlFor={ids.sanction}>
          <span className="field__label">Sanction</span>
          <select
            id={ids.sanction}
            value={sanction}
            onChange={(e) => setSanction(e.target.value as typeof sanction)}
          >
            <option value="">None</option>
            <option value="warning">Warning</option>
            <option value="suspension">Suspension (needs the users area)</option>
          </select>
        </label>
        {sanction && (
          <label className="field field--inline" htmlFor={ids.member}>
            <span className="field__label">Member</span>
            <select id={ids.member} value={member} onChange={(e) => setMember(e.target.value)}>
              {parties.map((x) => (
                <option key={x.user_id} value={x.user_id}>
                  {nameOf(x)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={isLoading}>
        Resolve the dispute
      </button>
    </form>
  );
}

/** One dispute: terms, both statements, photos, shipping, the chat (while open), the decision. */
function DisputeDetail({ id, onClose }: { id: string; onClose(): void }) {
  const { data, isLoading, error } = useAdminDisputeQuery(id);
  if (isLoading) return <p className="admin-muted">Loading the dispute…</p>;
  if (error || !data)
    return (
      <p role="alert" className="form__error">
        {errorMessage(error) ?? 'The dispute could not be loaded.'}
      </p>
    );
  const { dispute: d, proposal: p, transcript } = data;
  const who = (userId: string | null) =>
    userId === p.sender.user_id
      ? nameOf(p.sender)
      : userId === p.receiver.user_id
        ? nameOf(p.receiver)
        : 'Swapbooth';
  const titles = (ids: string[]) => ids.map((x) => p.listing_titles[x] ?? x).join(', ') || '—';
  return (
    <section className="admin-dispute" aria-label="Dispute">
      <div className="admin-dispute__head">
        <h2>
          {reasons[d.reason]}: {who(d.opened_by)} against {who(d.respondent_id)}
        </h2>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Back to the list
        </button>
      </div>
      <p>
        Status <span className={`admin-status admin-status--${d.status}`}>{d.status}</span> · opened{' '}
        {formatDate(d.created_at)}
        {d.circle_id ? ' · one exchange of a trade circle' : ''}
      </p>
      <h3>Terms</h3>
      <dl className="admin-dispute__terms">
        <dt>{nameOf(p.sender)} gives</dt>
        <dd>{titles(p.terms.offered_product_ids)}</dd>
        <dt>{nameOf(p.receiver)} gives</dt>
        <dd>{titles(p.terms.requested_product_ids)}</dd>
        <dt>Deposit</dt>
        <dd>{p.terms.deposit_amount}</dd>
        <dt>Message</dt>
        <dd>{p.terms.message || '—'}</dd>
      </dl>
      <h3>Statements</h3>
      <ol className="admin-dispute__statements">
        {d.statements.map((s, i) => (
          <li key={i}>
            <strong>{who(s.by)}</strong> {stepWords[s.kind] ?? s.kind} ({formatDate(s.at)}):{' '}
            {s.text}
          </li>
        ))}
      </ol>
      {d.status === 'closed' ? (
        <>
          <h3>Photos</h3>
          <p className="admin-muted">Photos are shown only while the dispute is open.</p>
        </>
      ) : (
        d.photos.length > 0 && (
          <>
            <h3>Photos</h3>
            <ul className="admin-dispute__photos">
              {d.photos.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img src={url} alt={`Photo ${i + 1}`} width={160} />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )
      )}
      <h3>Shipping</h3>
      <ul>
        {(['sender', 'receiver'] as const).map((side) => (
          <li key={side}>
            {nameOf(p[side])}’s parcel: {p.shipping[side].status}
            {p.shipping[side].tracking_note ? ` (${p.shipping[side].tracking_note})` : ''}
            {p.shipping[side].updated_at ? `, ${formatDate(p.shipping[side].updated_at)}` : ''}
            {p.clocks[side].ship_by
              ? ` · ship by ${formatDate(p.clocks[side].ship_by)}${p.clocks[side].extended ? ' (extended)' : ''}`
              : ''}
            {p.clocks[side].deliver_by
              ? ` · counts as delivered ${formatDate(p.clocks[side].deliver_by)}`
              : ''}
            {p.clocks[side].confirmed_at
              ? ` · receipt confirmed ${formatDate(p.clocks[side].confirmed_at)}`
              : ''}
          </li>
        ))}
        <li>Accepted {formatDate(p.accepted_at)}</li>
        {p.clocks.report_by && (
          <li>Would have completed by itself {formatDate(p.clocks.report_by)}</li>
        )}
      </ul>
      <h3>Chat</h3>
      {transcript === null ? (
        <p className="admin-muted">
          {d.status === 'closed'
            ? 'The chat is shown only while the dispute is open.'
            : 'The chat cannot be shown just now; open the dispute again in a moment.'}
        </p>
      ) : transcript.length === 0 ? (
        <p className="admin-muted">No messages.</p>
      ) : (
        <ol className="admin-dispute__chat" aria-label="Chat transcript">
          {transcript.map((m) => (
            <li key={m.message_id}>
              <strong>{who(m.sender_id)}</strong> ({formatDate(m.created_at)}): {m.content}
            </li>
          ))}
        </ol>
      )}
      {d.status === 'closed' ? (
        <div className="notice" role="status">
          <p>
            <strong>Outcome:</strong> {d.outcome ? outcomes[d.outcome] : '—'}
            {d.closed_by === 'agreement' ? ' (agreed by the members)' : ''}
          </p>
          {d.note && <p>Note: {d.note}</p>}
          {d.sanction && (
            <p>
              Sanction: {d.sanction.kind} of {who(d.sanction.user_id)}
            </p>
          )}
        </div>
      ) : (
        <DecisionForm found={data} />
      )}
    </section>
  );
}

/** Disputes members could not settle (and the others), each read and decided here. */
export default function DisputesPage() {
  usePageTitle('Admin Disputes');
  const list = useListFilters({ status: 'escalated' });
  const { data, isLoading, error } = useAdminDisputesQuery({ ...list.query, page: list.page });
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <>
      <h1>Disputes</h1>
      {openId ? (
        <DisputeDetail id={openId} onClose={() => setOpenId(null)} />
      ) : (
        <>
          <p className="admin-muted">
            Problems members reported on accepted exchanges. Each opening of a dispute is in the
            audit log.
          </p>
          <FilterBar>
            <FilterSelect
              label="Status"
              value={list.values.status}
              onChange={list.set('status')}
              options={[
                ['escalated', 'Waiting for Swapbooth'],
                ['open', 'Waiting for an answer'],
                ['answered', 'Remedy proposed'],
                ['closed', 'Closed'],
                ['', 'All'],
              ]}
            />
          </FilterBar>
          <AdminTable
            isLoading={isLoading}
            error={error}
            rows={data?.disputes}
            rowKey={(d) => d.dispute_id}
            columns={columns((d) => setOpenId(d.dispute_id))}
            empty="No disputes match."
            paging={list.paging(data)}
          />
        </>
      )}
    </>
  );
}
