import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { usePageTitle } from '../../../lib/page-title';
import { useResetPasswordMutation } from '../auth-api';
import { PASSWORD_MIN } from './authenticate-page';
import { FormError, TextField } from '../../../components/form-fields';
import '../auth.css';

export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (password.length < PASSWORD_MIN)
      return setError(`Password must be at least ${PASSWORD_MIN} characters.`);
    if (password !== confirm) return setError('Passwords do not match.');
    try {
      setDone(
        (await reset({ token, newPassword: password }).unwrap()) || 'Your password was changed.',
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Choose a new password</h1>
        {!token ? (
          <p className="form__error" role="alert">
            This reset link is incomplete. Please request a new one.
          </p>
        ) : done ? (
          <p role="status" className="form__success">
            {done}
          </p>
        ) : (
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onValue={setPassword}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onValue={setConfirm}
            />
            <FormError message={error} />
            <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
              Save new password
            </button>
          </form>
        )}
        <p className="auth-card__aside">
          <Link to={token && !done ? '/forgot-password' : '/authenticate'}>
            {token && !done ? 'Request a new link' : 'Sign in'}
          </Link>
        </p>
      </div>
    </div>
  );
}
