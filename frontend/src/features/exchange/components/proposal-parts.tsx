import type { ProposalPartyResponse, ProposalResponse, ProposalStatus } from '@swapbooth/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../money';
import { FIELD_LABELS } from '../offer-rules';
import { partyName, sidesOf, statusLabels, viewerTermsOf } from '../proposal-view';
import { pickFromProposal } from './listing-picker';
import { ListingList, MoneyList } from './terms-view';

export function StatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <span className={`badge status-badge status-badge--${status}`}>
      <span className="visually-hidden">Status: </span>
      {statusLabels[status]}
    </span>
  );
}

function Party({
  role,
  party,
  you,
}: {
  role: string;
  party: ProposalPartyResponse | null;
  you: boolean;
}) {
  const name = partyName(party);
  return (
    <div className="party">
      <Avatar src={party?.profile_image || undefined} name={name} size={40} />
      <div>
        <div className="party__role">{role}</div>
        {party ? (
          <Link to={`/store/${encodeURIComponent(party.user_id)}`} className="party__name">
            {name}
          </Link>
        ) : (
          <span className="party__name">{name}</span>
        )}
        {you && <span className="party__you"> (you)</span>}
      </div>
    </div>
  );
}

export function Parties({ proposal: p }: { proposal: ProposalResponse }) {
  return (
    <div className="parties">
      <Party role="From" party={p.sender} you={p.role === 'sender'} />
      <span className="parties__arrow" aria-hidden="true">
        ⇄
      </span>
      <Party role="To" party={p.receiver} you={p.role === 'receiver'} />
    </div>
  );
}

/** The current terms from the viewer's side: what they receive, what they give, the money. */
export function ProposalTerms({ proposal: p }: { proposal: ProposalResponse }) {
  const sides = sidesOf(p);
  const t = viewerTermsOf(p);
  return (
    <section className="panel terms-panel" aria-labelledby="terms-title">
      <h2 id="terms-title" className="panel__title">
        Current terms
      </h2>
      <div className="terms-panel__sides">
        <ListingList
          title="You receive"
          items={sides.theirListings.map(pickFromProposal)}
          emptyText="No listings: a deposit only."
        />
        <ListingList
          title="You give"
          items={sides.myListings.map(pickFromProposal)}
          emptyText="No listings: a deposit only."
        />
      </div>
      <MoneyList
        rows={[
          [FIELD_LABELS.deposit[p.role], t.deposit],
          [FIELD_LABELS.myShipping, t.myShipping],
          [FIELD_LABELS.theirShipping, t.theirShipping],
        ]}
      />
      {p.message && (
        <>
          <h3 className="terms-listings__title">Message</h3>
          <p className="terms-message">{p.message}</p>
        </>
      )}
    </section>
  );
}

/** Every round of terms, first offer first. */
export function RoundHistory({ proposal: p }: { proposal: ProposalResponse }) {
  if (p.rounds.length === 0) return null;
  const titles = new Map(
    [...p.requested_products, ...p.offered_products].map((l) => [l.product_id, l.title]),
  );
  const named = (ids: string[]) =>
    ids.length ? ids.map((id) => titles.get(id) ?? 'a listing no longer offered').join(', ') : '—';
  const who = (by: string) =>
    (p.role === 'sender' ? p.sender_id : p.receiver_id) === by
      ? 'You'
      : by === p.sender_id
        ? partyName(p.sender)
        : partyName(p.receiver);
  return (
    <section className="panel" aria-labelledby="rounds-title">
      <h2 id="rounds-title" className="panel__title">
        History ({p.round_count} {p.round_count === 1 ? 'round' : 'rounds'})
      </h2>
      <ol className="rounds">
        {p.rounds.map((r) => (
          <li key={r.round} className="round">
            <div className="round__head">
              <strong>{r.round === 1 ? 'Offer' : `Counter ${r.round - 1}`}</strong> by {who(r.by)}
              <span className="round__date"> · {formatDate(r.created_at)}</span>
            </div>
            <div>
              Asked for ({partyName(p.receiver)}’s): {named(r.requested_product_ids)}
            </div>
            <div>
              Offered ({partyName(p.sender)}’s): {named(r.offered_product_ids)}
            </div>
            <div className="round__money">
              Deposit {formatMoney(r.deposit_amount)} · shipping{' '}
              {formatMoney(r.sender_shipping_contribution)} by the sender,{' '}
              {formatMoney(r.receiver_shipping_contribution)} by the receiver
            </div>
            {r.message && <blockquote className="round__message">{r.message}</blockquote>}
          </li>
        ))}
      </ol>
    </section>
  );
}
