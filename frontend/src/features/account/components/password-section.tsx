import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { saveToken } from '../../../lib/session';
import { useChangePasswordMutation } from '../account-api';
import { FormError, TextField } from '../../../components/form-fields';

export function PasswordSection() {
  const toast = useToast();
  const [change, { isLoading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (next.length < 8) return setError('The new password must be at least 8 characters.');
    if (next !== confirm) return setError('Passwords do not match.');
    try {
      const r = await change({ currentPassword: current, newPassword: next }).unwrap();
      if (r.token) saveToken(r.token);
      setCurrent('');
      setNext('');
      setConfirm('');
      toast(r.message || 'Password changed', 'success');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section className="panel" aria-labelledby="password-heading">
      <h2 id="password-heading" className="panel__title">
        Change password
      </h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-grid">
          <label className="field form-grid__wide">
            <span className="field__label">Current password</span>
            <input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </label>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={next}
            onValue={setNext}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onValue={setConfirm}
          />
        </div>
        <FormError message={error} />
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Change password
        </button>
      </form>
    </section>
  );
}
