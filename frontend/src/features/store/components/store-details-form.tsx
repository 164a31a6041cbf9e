import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { FormError } from '../../../components/form-fields';
import { useDebounced } from '../../../lib/use-debounced';
import { useCheckNameQuery, useUpdateBoothMutation, type Booth } from '../store-api';
import {
  sameStoreName,
  storeDetailsProblem,
  STORE_DESCRIPTION_MAX,
  STORE_INTEREST_LENGTH_MAX,
  STORE_INTERESTS_MAX,
  STORE_NAME_MAX,
  StoreRuleMessages,
} from '../store-rules';
import { AvailabilityNote } from './availability-note';
import { ChipInput } from './chip-input';

/**
 * My Store's "Edit store details": name, description and exchange interests, saved with
 * `PUT /api/booth/{id}` (SPEC §7). A new name is checked for availability as on store creation.
 */
export function StoreDetailsForm({
  booth,
  onSaved,
  onCancel,
}: {
  booth: Booth;
  onSaved(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(booth.name);
  const [description, setDescription] = useState(booth.description);
  const [interests, setInterests] = useState<string[]>(booth.interests);
  const [error, setError] = useState('');
  const descriptionId = useId();
  const [update, { isLoading }] = useUpdateBoothMutation();
  const renamed = !sameStoreName(name, booth.name);
  const debouncedName = useDebounced(name.trim());
  const nameCheck = useCheckNameQuery(debouncedName, { skip: !renamed || !debouncedName });
  const settled = debouncedName === name.trim();
  const nameAvailable =
    !renamed || (settled && !nameCheck.isFetching && nameCheck.data?.available === true);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const problem = storeDetailsProblem({ name, description, interests });
    if (problem) return setError(problem);
    if (!nameAvailable) return setError(StoreRuleMessages.chooseAvailableName);
    try {
      await update({
        id: booth.id,
        body: { name: name.trim(), description: description.trim(), interests },
      }).unwrap();
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form
      className="panel form store-details-form"
      aria-label="Store details"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 className="panel__title">Store details</h2>
      <label className="field">
        <span className="field__label">Store name</span>
        <input value={name} maxLength={STORE_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        {renamed && (
          <AvailabilityNote
            value={debouncedName}
            result={nameCheck.data}
            fetching={nameCheck.isFetching || !settled}
          />
        )}
      </label>
      <div className="field">
        <label className="field__label" htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          maxLength={STORE_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <span className="hint">
          {description.length}/{STORE_DESCRIPTION_MAX}
        </span>
      </div>
      <ChipInput
        label="Exchange interests"
        values={interests}
        onChange={setInterests}
        max={STORE_INTERESTS_MAX}
        maxLength={STORE_INTEREST_LENGTH_MAX}
        placeholder="e.g. Books, then Enter"
      />
      <FormError message={error} />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save store details'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
