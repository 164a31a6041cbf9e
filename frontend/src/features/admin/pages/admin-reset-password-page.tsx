import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormError, TextField } from '../../../components/form-fields';
import { usePageTitle } from '../../../lib/page-title';
import { useResetAdminPasswordMutation } from '../admin-api';
import { adminSession } from '../admin-session';
import '../admin.css';

export const AdminResetMessages = {
  done: 'Your admin password is changed. Sign in with the new one.',
  mismatch: 'The two passwords differ.',
  noToken: 'This link is incomplete: open the link from the e-mail again.',
} as const;

/** /admin/reset-password?token=…: an admin chooses a new password with the one-time e-mailed link. */
export default function AdminResetPasswordPage() {
  usePageTitle('Admin Password Reset');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [reset, { isLoading, error, isSuccess }] = useResetAdminPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMismatch(password !== again);
    if (password !== again) return;
    const res = await reset({ token, password });
    // Whatever session this browser held belongs to the old password.
    if (!('error' in res)) adminSession.clear();
  };
  const message = mismatch
    ? AdminResetMessages.mismatch
    : error && 'message' in error
      ? String(error.message)
      : null;
  return (
    <section className="admin-login panel">
      <h1>Choose a new admin password</h1>
      {isSuccess ? (
        <>
          <p role="status">{AdminResetMessages.done}</p>
          <Link className="btn btn--primary" to="/admin/login">
            Sign in
          </Link>
        </>
      ) : !token ? (
        <p role="alert">{AdminResetMessages.noToken}</p>
      ) : (
        <form className="form" onSubmit={submit}>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            minLength={12}
            required
          />
          <TextField
            label="New password again"
            type="password"
            autoComplete="new-password"
            value={again}
            onValue={setAgain}
            minLength={12}
            required
          />
          <FormError message={message} />
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={isLoading}>
              {isLoading ? 'Saving…' : 'Save the new password'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
