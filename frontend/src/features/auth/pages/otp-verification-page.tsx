import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { storage, StorageKeys } from '../../../lib/storage-keys';
import { useSendOtpMutation, useVerifyOtpMutation } from '../auth-api';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { FormError } from '../../../components/form-fields';
import '../auth.css';

export default function OtpVerificationPage() {
  usePageTitle('Verify E-mail');
  const [params] = useSearchParams();
  const email = params.get('email') ?? storage.get(StorageKeys.pendingEmail) ?? '';
  const toast = useToast();
  const complete = useCompleteSignIn();
  const [verify, verifyState] = useVerifyOtpMutation();
  const [resend, resendState] = useSendOtpMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from the e-mail.');
    try {
      const result = await verify({ email, otp: code.trim() }).unwrap();
      toast('E-mail verified', 'success');
      complete(result);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (!email) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <h1 className="auth-card__title">Verify your e-mail</h1>
          <p>We don&apos;t know which address to verify.</p>
          <Link className="btn btn--primary btn--block" to="/authenticate?mode=signup">
            Sign up
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Check your e-mail</h1>
        <p className="auth-card__lead">
          We sent a 6-digit code to <strong>{email}</strong>. Enter it below to verify your address.
        </p>
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <label className="field">
            <span className="field__label">Verification code</span>
            <input
              className="otp-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <FormError message={error} />
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={verifyState.isLoading}
          >
            {verifyState.isLoading ? 'Verifying…' : 'Verify'}
          </button>
        </form>
        <p className="auth-card__aside">
          Didn&apos;t get it?{' '}
          <button
            type="button"
            className="link-button"
            disabled={resendState.isLoading}
            onClick={() =>
              resend({ email })
                .unwrap()
                .then((m) => toast(m || 'A new code is on its way.', 'success'))
                .catch((e: unknown) => toast(errorMessage(e), 'error'))
            }
          >
            Send a new code
          </button>
        </p>
      </div>
    </div>
  );
}
