import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FormError, TextField } from '../../../components/form-fields';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminLoginMutation } from '../admin-api';
import { adminSession } from '../admin-session';
import { useAdminSession } from '../components/require-admin';
import '../admin.css';

/** /admin/login: the admin's own sign-in (never the member's). */
export default function AdminLoginPage() {
  usePageTitle('Admin Sign In');
  const session = useAdminSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { isLoading, error }] = useAdminLoginMutation();
  if (session.status === 'valid') return <Navigate to="/admin" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await login({ email: email.trim(), password });
    if ('data' in res && res.data) {
      adminSession.save(res.data.adminToken, res.data.adminUser);
      navigate('/admin', { replace: true });
    }
  };
  const message = error && 'message' in error ? String(error.message) : null;
  return (
    <section className="admin-login panel">
      <h1>Admin Sign In</h1>
      <form className="form" onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onValue={setEmail}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          required
        />
        <FormError message={message} />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {isLoading ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
    </section>
  );
}
