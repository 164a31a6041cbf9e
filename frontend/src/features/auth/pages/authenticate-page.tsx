import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../../app/http';
import { useSessionStatus, useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { storage, StorageKeys } from '../../../lib/storage-keys';
import logo from '../../../assets/logo.svg';
import { useLoginMutation, useProvidersQuery, useRegisterMutation } from '../auth-api';
import { GoogleButton } from '../components/google-button';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { FormError, TextField } from '../../../components/form-fields';
import '../auth.css';

type Mode = 'signin' | 'signup';

export const PASSWORD_MIN = 8;

export default function AuthenticatePage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  usePageTitle(mode === 'signup' ? 'Sign Up' : 'Sign In');
  const status = useSessionStatus();
  const navigate = useNavigate();
  const toast = useToast();
  const complete = useCompleteSignIn();
  const { data: providers } = useProvidersQuery();
  const [login, loginState] = useLoginMutation();
  const [register, registerState] = useRegisterMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  // Signing in here navigates on its own; only a member who arrives signed in is sent home.
  const [signingIn, setSigningIn] = useState(false);

  if (status === 'signedIn' && !signingIn) return <Navigate to="/" replace />;

  const toOtp = (address: string) => {
    storage.set(StorageKeys.pendingEmail, address);
    storage.set(StorageKeys.signupStep, 'otp');
    navigate(`/otp-verification?${new URLSearchParams({ email: address }).toString()}`);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const address = email.trim();
    if (mode === 'signup') {
      if (password.length < PASSWORD_MIN)
        return setError(`Password must be at least ${PASSWORD_MIN} characters.`);
      if (password !== confirm) return setError('Passwords do not match.');
      try {
        const r = await register({ email: address, password }).unwrap();
        toast(r.message || 'Account created. Check your e-mail for the code.', 'success');
        toOtp(r.email || address);
      } catch (err) {
        setError(errorMessage(err));
      }
      return;
    }
    try {
      const result = await login({ email: address, password }).unwrap();
      setSigningIn(true);
      complete(result);
    } catch (err) {
      if ((err as ApiError).code === 'email_not_verified') {
        toast(errorMessage(err), 'info');
        toOtp(address);
        return;
      }
      setError(errorMessage(err));
    }
  };

  const busy = loginState.isLoading || registerState.isLoading;
  const switchTo = (m: Mode) => {
    setError('');
    setParams(m === 'signup' ? { mode: 'signup' } : {}, { replace: true });
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <img src={logo} alt="Swapbooth" width={188} height={48} className="auth-card__logo" />
        <div className="tabs tabs--stretch" role="tablist" aria-label="Sign in or sign up">
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'signin'}
            className={`tab${mode === 'signin' ? ' tab--active' : ''}`}
            onClick={() => switchTo('signin')}
          >
            Sign In
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'signup'}
            className={`tab${mode === 'signup' ? ' tab--active' : ''}`}
            onClick={() => switchTo('signup')}
          >
            Sign Up
          </button>
        </div>
        <h1 className="auth-card__title">
          {mode === 'signup' ? 'Create your account' : 'Welcome back'}
        </h1>
        <form onSubmit={(e) => void submit(e)} className="form" noValidate>
          <label className="field">
            <span className="field__label">E-mail</span>
            <input
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <TextField
            label="Password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
            minLength={mode === 'signup' ? PASSWORD_MIN : undefined}
            value={password}
            onValue={setPassword}
          />
          {mode === 'signup' && (
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onValue={setConfirm}
            />
          )}
          <FormError message={error} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Please wait…' : mode === 'signup' ? 'Create account' : 'Sign In'}
          </button>
        </form>
        {mode === 'signin' && (
          <p className="auth-card__aside">
            <Link to="/forgot-password">Forgot your password?</Link>
            {' · '}
            <Link to="/sign-in-link">E-mail me a sign-in link</Link>
          </p>
        )}
        {providers?.google && providers.googleClientId && (
          <>
            <div className="divider">
              <span>or</span>
            </div>
            <GoogleButton
              clientId={providers.googleClientId}
              onSignedIn={() => {
                setSigningIn(true);
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
