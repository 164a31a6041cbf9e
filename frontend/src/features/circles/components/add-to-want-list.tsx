import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { FormError } from '../../../components/form-fields';
import { useGetTradeableListingsQuery } from '../../exchange/exchange-api';
import { useGetWantListsQuery, usePutWantListMutation } from '../circles-api';
import { MAX_WANTS, WantListTexts } from '../circles-rules';
import '../circles.css';

/**
 * "Add to my want list for …": picks one of the member's own published listings and puts the
 * listing shown at the end of that listing's want list (the whole list is sent, as the service
 * keeps it). Says whether it was added or was already there.
 */
export function AddToWantList({
  listingId,
  listingTitle,
  label = 'Add to my want list for',
  className = '',
}: {
  /** The other member's listing to want. */
  listingId: string;
  listingTitle: string;
  label?: string;
  className?: string;
}) {
  const me = useUserId();
  const id = useId();
  const toast = useToast();
  const mine = useGetTradeableListingsQuery({ userId: me ?? '' }, { skip: !me });
  const lists = useGetWantListsQuery(undefined, { skip: !me });
  const [put, putState] = usePutWantListMutation();
  const [chosen, setChosen] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!me) return null;
  const options = (mine.data?.listings ?? []).filter(
    (l) => l.status === 'published' && l.id !== listingId,
  );
  // Both lists first: the want list is sent whole, so it must be known before adding to it.
  if (mine.isLoading || lists.isLoading) return null;
  if (options.length === 0) {
    return (
      <p className={`want-add want-add--none ${className}`}>
        {WantListTexts.nothingToGive} <Link to="/circles/wants">About want lists</Link>
      </p>
    );
  }
  const productId = chosen || options[0]!.id;
  const give = options.find((o) => o.id === productId)!;

  const add = async () => {
    setError(null);
    setOutcome(null);
    try {
      if (!lists.data) {
        setError(errorMessage(lists.error, 'Your want lists could not be loaded.'));
        return;
      }
      const current = lists.data
        .find((w) => w.product_id === productId)
        ?.wants.map((w) => w.product_id);
      const wants = current ?? [];
      if (wants.includes(listingId)) {
        setOutcome(WantListTexts.alreadyThere(listingTitle, give.title));
        return;
      }
      if (wants.length >= MAX_WANTS) {
        setError(WantListTexts.full(give.title));
        return;
      }
      const saved = await put({ productId, wants: [...wants, listingId] }).unwrap();
      const rank = saved.wants.findIndex((w) => w.product_id === listingId) + 1;
      const message = WantListTexts.added(listingTitle, give.title, rank || wants.length + 1);
      setOutcome(message);
      toast(message, 'success');
    } catch (err) {
      const message = errorMessage(err, 'Your want list could not be saved.');
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <div className={`want-add ${className}`}>
      <div className="want-add__row">
        <label htmlFor={`${id}-give`} className="want-add__label">
          {label}
        </label>
        <select
          id={`${id}-give`}
          value={productId}
          onChange={(e) => {
            setChosen(e.target.value);
            setOutcome(null);
          }}
        >
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={putState.isLoading}
          onClick={() => void add()}
        >
          Add to want list
        </button>
      </div>
      <p className="want-add__outcome" role="status" aria-live="polite">
        {outcome}
      </p>
      <FormError message={error} />
    </div>
  );
}
