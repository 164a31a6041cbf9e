import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { usePageTitle } from '../../../lib/page-title';
import { useRedeemSignInLinkMutation, useRequestSignInLinkMutation } from '../auth-api';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { FormError } from '../../../components/form-fields';
import '../auth.css';

/**
 * Asks for a one-time sign-in link, or (opened from the e-mail with `?token=`) signs in with it.
 * Signing in waits for a click: mail scanners that open links must not use the link up.
 */
export default function SignInLinkPage() {
  usePageTitle('Sign In With a Link');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <div className="auth-page">
      <div className="auth-card">
        {token ? <RedeemLink token={token} /> : <RequestLink />}
        <p className="auth-card__aside">
          <Link to="/authenticate">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}

function RequestLink() {
  const [requestLink, { isLoading }] = useRequestSignInLinkMutation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      setSent(
        (await requestLink({ email: email.trim() }).unwrap()) ||
          'Check your e-mail for a sign-in link.',
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <>
      <h1 className="auth-card__title">Sign in with a link</h1>
      {sent ? (
        <p role="status" className="form__success">
          {sent}
        </p>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="auth-card__lead">
            Enter your e-mail and we will send you a link that signs you in once, without the
            password.
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
            E-mail me a sign-in link
          </button>
        </form>
      )}
    </>
  );
}

function RedeemLink({ token }: { token: string }) {
  const [redeem, { isLoading }] = useRedeemSignInLinkMutation();
  const complete = useCompleteSignIn();
  const [error, setError] = useState('');

  const signIn = async () => {
    setError('');
    try {
      complete(await redeem({ token }).unwrap());
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <>
      <h1 className="auth-card__title">Sign in with your link</h1>
      <p className="auth-card__lead">This link signs you in once.</p>
      <FormError message={error} />
      {error ? (
        <Link to="/sign-in-link" className="btn btn--primary btn--block">
          Request a new link
        </Link>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={isLoading}
          onClick={() => void signIn()}
        >
          Sign in
        </button>
      )}
    </>
  );
}
