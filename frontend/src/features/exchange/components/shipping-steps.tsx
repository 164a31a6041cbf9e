import type { ProposalResponse, ShippingStatus } from '@swapbooth/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { FormError } from '../../../components/form-fields';
import { formatDate } from '../../../lib/format';
import { useSetShippingStatusMutation, type ParcelType } from '../exchange-api';
import { isServiceParcel, parcelListings, partyName, sidesOf } from '../proposal-view';

const TRACKING_MAX = 500;

/** Step names; a service is "performed" rather than delivered. */
export function stepLabels(service: boolean): Record<ShippingStatus, string> {
  return service
    ? { preparing: 'Preparing', shipped: 'Started', delivered: 'Performed' }
    : { preparing: 'Preparing', shipped: 'Shipped', delivered: 'Delivered' };
}

const ORDER: ShippingStatus[] = ['preparing', 'shipped', 'delivered'];

function Parcel({
  proposal: p,
  type,
  mine,
  me,
}: {
  proposal: ProposalResponse;
  type: ParcelType;
  mine: boolean;
  me: string;
}) {
  const toast = useToast();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSetShippingStatusMutation();
  const parcel = p.shipping[type];
  const listings = parcelListings(p, type);
  const service = isServiceParcel(listings);
  const labels = stepLabels(service);
  const reached = ORDER.indexOf(parcel.status);
  const owner = type === 'sender' ? p.sender : p.receiver;
  const title = mine ? 'Your parcel' : `${partyName(owner)}’s parcel`;
  const canShip = mine && p.allowed_actions.includes('ship') && parcel.status === 'preparing';
  // The service decides when a delivery may be confirmed (even before "shipped" was marked).
  const canConfirm =
    !mine && p.allowed_actions.includes('confirm_delivery') && parcel.status !== 'delivered';

  const step = async (status: ShippingStatus) => {
    setError(null);
    try {
      await send({
        proposalId: p.proposal_id,
        status,
        type,
        userId: me,
        ...(status === 'shipped' && note.trim() ? { tracking_note: note.trim() } : {}),
      }).unwrap();
      toast(
        status === 'shipped' ? `Marked ${labels.shipped.toLowerCase()}.` : 'Thank you!',
        'success',
      );
    } catch (err) {
      const message = errorMessage(err);
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <section className="parcel" aria-label={title}>
      <h3 className="parcel__title">{title}</h3>
      <p className="parcel__contents">
        {listings.length ? listings.map((l) => l.title).join(', ') : 'Nothing to send.'}
      </p>
      <ol className="steps-line">
        {ORDER.map((s, i) => (
          <li
            key={s}
            className={`steps-line__step${i <= reached ? ' steps-line__step--done' : ''}`}
            aria-current={i === reached ? 'step' : undefined}
          >
            {labels[s]}
          </li>
        ))}
      </ol>
      {parcel.tracking_note && (
        <p className="parcel__note">
          Tracking: <span>{parcel.tracking_note}</span>
        </p>
      )}
      {parcel.updated_at && (
        <p className="parcel__updated">Updated {formatDate(parcel.updated_at)}</p>
      )}
      {canShip && (
        <div className="parcel__action">
          {!service && (
            <div className="field">
              <label className="field__label" htmlFor={noteId}>
                Tracking note (optional)
              </label>
              <input
                id={noteId}
                value={note}
                maxLength={TRACKING_MAX}
                placeholder="Carrier and tracking number"
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={isLoading}
            onClick={() => void step('shipped')}
          >
            {service ? 'Mark started' : 'Mark shipped'}
          </button>
        </div>
      )}
      {canConfirm && (
        <div className="parcel__action">
          <button
            type="button"
            className="btn btn--primary"
            disabled={isLoading}
            onClick={() => void step('delivered')}
          >
            {service ? 'Confirm performed' : 'Confirm delivery'}
          </button>
        </div>
      )}
      <FormError message={error} />
    </section>
  );
}

/** After acceptance: each party's parcel, from preparing to delivered. */
export function ShippingSteps({ proposal, me }: { proposal: ProposalResponse; me: string }) {
  const sides = sidesOf(proposal);
  return (
    <section className="panel" aria-labelledby="shipping-title">
      <h2 id="shipping-title" className="panel__title">
        Shipping
      </h2>
      <div className="parcels">
        <Parcel proposal={proposal} type={sides.me} mine me={me} />
        <Parcel proposal={proposal} type={sides.other} mine={false} me={me} />
      </div>
    </section>
  );
}
