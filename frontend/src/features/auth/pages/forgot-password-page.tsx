import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { usePageTitle } from '../../../lib/page-title';
import { useForgotPasswordMutation } from '../auth-api';
import { FormError } from '../../../components/form-fields';
import '../auth.css';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      setSent(
        (await forgot({ email: email.trim() }).unwrap()) || 'Check your e-mail for a reset link.',
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Reset your password</h1>
        {sent ? (
          <p role="status" className="form__success">
            {sent}
          </p>
        ) : (
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <p className="auth-card__lead">
              Enter your e-mail and we will send you a link to choose a new password.
            </p>
            <label className="field">
              <span className="field__label">E-mail</span>
              <input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </label>
            <FormError message={error} />
            <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
              Send reset link
            </button>
          </form>
        )}
        <p className="auth-card__aside">
          <Link to="/authenticate">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}
