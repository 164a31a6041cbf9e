import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from '../../../components/form-fields';
import { moneyText } from '../money';
import {
  checkOffer,
  FIELD_LABELS,
  MESSAGE_MAX,
  type OfferErrors,
  type OfferFormValues,
} from '../offer-rules';
import type { ViewerTerms } from '../proposal-view';
import { ListingPicker, type PickItem } from './listing-picker';

function MoneyField({
  label,
  value,
  onValue,
  error,
}: {
  label: string;
  value: string;
  onValue(v: string): void;
  error: string | undefined;
}) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <span className="money-input">
        <span aria-hidden="true">$</span>
        <input
          id={inputId}
          inputMode="decimal"
          placeholder="0.00"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onValue(e.target.value)}
        />
      </span>
      {error && (
        <span id={errorId} className="form__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

const valuesOf = (t: ViewerTerms): OfferFormValues => ({
  theirIds: t.theirIds,
  myIds: t.myIds,
  deposit: moneyText(t.deposit),
  myShipping: moneyText(t.myShipping),
  theirShipping: moneyText(t.theirShipping),
  message: t.message,
});

/**
 * The terms of an offer or a counter from the viewer's side: their listings, mine, the money and a
 * message. Checked as the service checks them before `onSubmit` receives numbers.
 */
export function OfferForm({
  role,
  theirLegend,
  theirItems,
  myItems,
  initial,
  submitLabel,
  busy = false,
  serverError,
  onSubmit,
  extraActions,
}: {
  role: 'sender' | 'receiver';
  theirLegend: string;
  theirItems: PickItem[];
  myItems: PickItem[];
  initial: ViewerTerms;
  submitLabel: string;
  busy?: boolean;
  serverError?: string | null;
  onSubmit(terms: ViewerTerms): void;
  extraActions?: ReactNode;
}) {
  const [values, setValues] = useState<OfferFormValues>(() => valuesOf(initial));
  const [errors, setErrors] = useState<OfferErrors>({});
  const messageId = useId();
  const messageInputId = useId();
  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = checkOffer(values, role);
    setErrors(result.errors);
    if (result.terms) onSubmit(result.terms);
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form className="form offer-form" onSubmit={submit} noValidate>
      <div className="offer-form__sides">
        <ListingPicker
          legend={theirLegend}
          items={theirItems}
          selected={values.theirIds}
          onChange={(ids) => set('theirIds', ids)}
          error={errors.theirIds}
          emptyText="They have no published listings to trade."
        />
        <ListingPicker
          legend="Your listings"
          items={myItems}
          selected={values.myIds}
          onChange={(ids) => set('myIds', ids)}
          error={errors.myIds}
          emptyText="You have no published listings to offer; you can add a deposit instead."
        />
      </div>
      <fieldset className="panel offer-form__money">
        <legend className="panel__title">Money terms</legend>
        <div className="form-grid">
          <MoneyField
            label={FIELD_LABELS.deposit[role]}
            value={values.deposit}
            onValue={(v) => set('deposit', v)}
            error={errors.deposit}
          />
          <MoneyField
            label={FIELD_LABELS.myShipping}
            value={values.myShipping}
            onValue={(v) => set('myShipping', v)}
            error={errors.myShipping}
          />
          <MoneyField
            label={FIELD_LABELS.theirShipping}
            value={values.theirShipping}
            onValue={(v) => set('theirShipping', v)}
            error={errors.theirShipping}
          />
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={messageInputId}>
          {FIELD_LABELS.message}
        </label>
        <textarea
          id={messageInputId}
          rows={4}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={messageId}
          onChange={(e) => set('message', e.target.value)}
        />
        <span
          id={messageId}
          className={`char-count${values.message.length > MESSAGE_MAX ? ' char-count--over' : ''}`}
        >
          {values.message.length}/{MESSAGE_MAX}
        </span>
        {errors.message && (
          <span className="form__error" role="alert">
            {errors.message}
          </span>
        )}
      </div>
      {hasErrors && <FormError message="Please correct the highlighted fields." />}
      <FormError message={serverError} />
      <div className="form__actions">
        {extraActions}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
