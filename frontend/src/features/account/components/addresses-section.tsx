import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import type { Address } from '../../../app/member-api';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import {
  useAddAddressMutation,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useSetDefaultAddressMutation,
  useUpdateAddressMutation,
} from '../account-api';
import { AddressFields, addressProblem, EMPTY_ADDRESS, type AddressDraft } from './address-fields';
import { FormError } from '../../../components/form-fields';
import '../account.css';

const toDraft = (a: Address): AddressDraft => ({
  fullName: a.fullName,
  street1: a.street1,
  street2: a.street2,
  city: a.city,
  state: a.state,
  zipCode: a.zipCode,
  country: a.country || 'US',
  phone: a.phone,
});

const toInput = (d: AddressDraft) => ({
  full_name: d.fullName.trim(),
  street1: d.street1.trim(),
  street2: d.street2.trim(),
  city: d.city.trim(),
  state: d.state.trim(),
  zip_code: d.zipCode.trim(),
  country: d.country.trim() || 'US',
  phone: d.phone.trim(),
});

/** The address book: add, edit, delete and choose the default. */
export function AddressesSection({ userId }: { userId: string }) {
  const toast = useToast();
  const { data: addresses, isLoading, error, refetch } = useGetAddressesQuery();
  const [add, addState] = useAddAddressMutation();
  const [update, updateState] = useUpdateAddressMutation();
  const [setDefault, defaultState] = useSetDefaultAddressMutation();
  const [remove, removeState] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [formError, setFormError] = useState('');

  const run = (p: Promise<unknown>, ok: string) =>
    p.then(() => toast(ok, 'success')).catch((e: unknown) => toast(errorMessage(e), 'error'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = addressProblem(draft);
    if (problem) return setFormError(problem);
    setFormError('');
    try {
      if (editing === 'new')
        await add({ ...toInput(draft), is_default: !addresses?.length }).unwrap();
      else if (editing) await update({ id: editing, body: toInput(draft) }).unwrap();
      toast(editing === 'new' ? 'Address added' : 'Address updated', 'success');
      setEditing(null);
    } catch (err) {
      setFormError(errorMessage(err));
    }
  };

  const busy =
    addState.isLoading || updateState.isLoading || defaultState.isLoading || removeState.isLoading;

  return (
    <section className="panel" aria-labelledby="addresses-heading">
      <div className="panel__header">
        <h2 id="addresses-heading" className="panel__title">
          Addresses
        </h2>
        {editing === null && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setDraft(EMPTY_ADDRESS);
              setEditing('new');
            }}
          >
            Add address
          </button>
        )}
      </div>
      {isLoading && <InlineLoading />}
      {error && (
        <ErrorState
          message={errorMessage(error, 'Your addresses could not be loaded.')}
          onRetry={refetch}
        />
      )}
      {editing !== null && (
        <form className="form address-form" onSubmit={(e) => void submit(e)} noValidate>
          <AddressFields value={draft} onChange={setDraft} />
          <FormError message={formError} />
          <div className="form__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save address
            </button>
          </div>
        </form>
      )}
      <ul className="address-list">
        {addresses?.map((a) => (
          <li key={a.id} className="address-card">
            <div>
              <strong>{a.fullName || 'Address'}</strong>
              {a.isDefault && <span className="badge badge--success">Default</span>}
              <p>
                {a.street1}
                {a.street2 ? `, ${a.street2}` : ''}
                <br />
                {a.city}, {a.state} {a.zipCode}, {a.country}
              </p>
            </div>
            <div className="address-card__actions">
              {!a.isDefault && (
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={busy}
                  onClick={() =>
                    void run(setDefault({ id: a.id, userId }).unwrap(), 'Default address updated')
                  }
                >
                  Make default
                </button>
              )}
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => {
                  setDraft(toDraft(a));
                  setEditing(a.id);
                }}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--danger"
                disabled={busy}
                onClick={() => {
                  if (window.confirm('Delete this address?'))
                    void run(remove(a.id).unwrap(), 'Address deleted');
                }}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {addresses?.length === 0 && editing === null && (
        <p className="hint">You have no saved addresses yet.</p>
      )}
    </section>
  );
}
