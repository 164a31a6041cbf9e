import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { useGetAddressesQuery, useGetMyBoothQuery } from '../../../app/member-api';
import { InlineLoading } from '../../../components/loading-screen';
import { usePageTitle } from '../../../lib/page-title';
import { useDebounced } from '../../../lib/use-debounced';
import { ChipInput } from '../components/chip-input';
import { AvailabilityNote } from '../components/availability-note';
import { useCheckNameQuery, useCheckUsernameQuery, useCreateBoothMutation } from '../store-api';
import { FormError } from '../../../components/form-fields';
import { STORE_INTEREST_LENGTH_MAX } from '../store-rules';

export default function CreateStorePage() {
  usePageTitle('Create Store');
  const userId = useUserId() ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const existing = useGetMyBoothQuery(userId, { skip: !userId });
  const { data: addresses = [] } = useGetAddressesQuery();
  const [create, { isLoading }] = useCreateBoothMutation();
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [description, setDescription] = useState('');
  const [interests, setInterests] = useState<string[]>([]);
  const [addressId, setAddressId] = useState('');
  const [error, setError] = useState('');
  const debouncedName = useDebounced(name.trim());
  const debouncedUsername = useDebounced(username.trim());
  const nameCheck = useCheckNameQuery(debouncedName, { skip: !debouncedName });
  const usernameCheck = useCheckUsernameQuery(debouncedUsername, { skip: !debouncedUsername });

  if (existing.isLoading) return <InlineLoading />;
  if (existing.data?.username)
    return <Navigate to={`/my-store/${encodeURIComponent(existing.data.username)}`} replace />;

  const settled = debouncedName === name.trim() && debouncedUsername === username.trim();
  const available =
    settled &&
    nameCheck.data?.available === true &&
    usernameCheck.data?.available === true &&
    !nameCheck.isFetching &&
    !usernameCheck.isFetching;
  const chosenAddress = addressId || addresses.find((a) => a.isDefault)?.id || '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!available) return setError('Please choose an available store name and username.');
    try {
      const booth = await create({
        name: name.trim(),
        username: username.trim(),
        description: description.trim(),
        interests,
        user_id: userId,
        ...(chosenAddress ? { address_id: chosenAddress } : {}),
      }).unwrap();
      toast('Your store is open!', 'success');
      navigate(`/my-store/${encodeURIComponent(booth.username || username.trim())}`, {
        replace: true,
      });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Create your store</h1>
      <p className="page__lead">
        Your store (booth) is where members find everything you offer and what you would like in
        exchange.
      </p>
      <form className="panel form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span className="field__label">Store name</span>
          <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          <AvailabilityNote
            value={debouncedName}
            result={nameCheck.data}
            fetching={nameCheck.isFetching || !settled}
          />
        </label>
        <label className="field">
          <span className="field__label">Username</span>
          <input
            value={username}
            maxLength={30}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) => setUsername(e.target.value)}
          />
          <span className="hint">
            3 to 30 letters, digits, underscores, dots or hyphens. Your store address: /my-store/
            {username || 'username'}
          </span>
          <AvailabilityNote
            value={debouncedUsername}
            result={usernameCheck.data}
            fetching={usernameCheck.isFetching || !settled}
          />
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea
            rows={4}
            maxLength={1000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <ChipInput
          label="Exchange interests"
          values={interests}
          onChange={setInterests}
          maxLength={STORE_INTEREST_LENGTH_MAX}
          placeholder="e.g. Books, then Enter"
        />
        {addresses.length > 0 && (
          <label className="field">
            <span className="field__label">Store address</span>
            <select value={chosenAddress} onChange={(e) => setAddressId(e.target.value)}>
              {addresses.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.street1}, {a.city}, {a.state} {a.zipCode}
                </option>
              ))}
            </select>
          </label>
        )}
        <FormError message={error} />
        <button type="submit" className="btn btn--primary" disabled={isLoading || !available}>
          {isLoading ? 'Creating…' : 'Create store'}
        </button>
      </form>
    </div>
  );
}
