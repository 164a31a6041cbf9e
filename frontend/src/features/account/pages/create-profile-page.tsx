import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useSessionStatus, useToast, useUserId } from '../../../app/hooks';
import { useGetProfileQuery } from '../../../app/member-api';
import { InlineLoading } from '../../../components/loading-screen';
import { usePageTitle } from '../../../lib/page-title';
import { takeRedirect } from '../../../lib/session';
import { storage, StorageKeys } from '../../../lib/storage-keys';
import { useSaveProfileMutation } from '../account-api';
import {
  AddressFields,
  addressProblem,
  EMPTY_ADDRESS,
  type AddressDraft,
} from '../components/address-fields';
import { FormError } from '../../../components/form-fields';
import '../../auth/auth.css';

export default function CreateProfilePage() {
  usePageTitle('Create Profile');
  const status = useSessionStatus();
  const userId = useUserId();
  const navigate = useNavigate();
  const toast = useToast();
  const { data: current } = useGetProfileQuery(undefined, { skip: !userId });
  const [save, { isLoading }] = useSaveProfileMutation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [dob, setDob] = useState('');
  const [gender, setGender] = useState('');
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [error, setError] = useState('');

  if (status === 'checking') return <InlineLoading />;
  if (!userId) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <h1 className="auth-card__title">Create your profile</h1>
          <p>Please sign in first.</p>
          <Link className="btn btn--primary btn--block" to="/authenticate">
            Sign In
          </Link>
        </div>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!firstName.trim() || !lastName.trim())
      return setError('Please enter your first and last name.');
    const problem = addressProblem(address);
    if (problem) return setError(problem);
    try {
      await save({
        create: true,
        body: {
          userId,
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          email: current?.profile.email ?? '',
          phone: phone.trim(),
          dob,
          gender,
          country: address.country.trim() || 'US',
          state: address.state.trim(),
          city: address.city.trim(),
          zipCode: address.zipCode.trim(),
          street1: address.street1.trim(),
          street2: address.street2.trim(),
          fullName: address.fullName.trim() || `${firstName.trim()} ${lastName.trim()}`,
          addressPhone: address.phone.trim(),
        },
      }).unwrap();
      storage.remove(StorageKeys.signupStep);
      toast('Your profile is ready', 'success');
      navigate(takeRedirect('/'), { replace: true });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Create your profile</h1>
      <p className="page__lead">Tell fellow exchangers who you are and where your listings are.</p>
      <form className="panel form" onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="panel__title">About you</h2>
        <div className="form-grid">
          <label className="field">
            <span className="field__label">First name</span>
            <input
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">Last name</span>
            <input
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">Phone (optional)</span>
            <input
              autoComplete="tel"
              inputMode="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">Date of birth (optional)</span>
            <input type="date" value={dob} onChange={(e) => setDob(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Gender (optional)</span>
            <select value={gender} onChange={(e) => setGender(e.target.value)}>
              <option value="">Prefer not to say</option>
              <option value="female">Female</option>
              <option value="male">Male</option>
              <option value="non-binary">Non-binary</option>
              <option value="other">Other</option>
            </select>
          </label>
        </div>
        <h2 className="panel__title">Your address</h2>
        <AddressFields value={address} onChange={setAddress} />
        <FormError message={error} />
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </div>
  );
}
