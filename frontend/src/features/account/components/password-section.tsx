import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { saveToken } from '../../../lib/session';
import { useChangePasswordMutation } from '../account-api';

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
          <label className="field">
            <span className="field__label">New password</span>
            <input
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">Confirm new password</span>
            <input
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </label>
        </div>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Change password
        </button>
      </form>
    </section>
  );
}
