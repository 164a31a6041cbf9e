import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../app/http';
import { useUserId } from '../../../app/hooks';
import { IdVerifiedBadge } from '../../../components/id-verified-badge';
import { InlineLoading } from '../../../components/loading-screen';
import { usePageTitle } from '../../../lib/page-title';
import { MembersOnly } from '../components/members-only';
import {
  useGetPaymentDataQuery,
  useProcessVerificationMutation,
  type VerificationResult,
} from '../payment-api';
import { VERIFICATION_SESSION_KEY } from '../payment-rules';
import { useStartVerification } from '../use-start-verification';

const POLL_MS = 2000;

/**
 * /verification-complete: back from the identity check. The server asks the provider for the
 * session's real state: verified, still being checked (asked again), or needs another try.
 */
function VerificationOutcome() {
  const userId = useUserId();
  const sessionId = window.sessionStorage.getItem(VERIFICATION_SESSION_KEY);
  const [check] = useProcessVerificationMutation();
  const [result, setResult] = useState<VerificationResult | null>(null);
  const [error, setError] = useState('');
  const payment = useGetPaymentDataQuery(userId ?? '', { skip: !userId });
  const start = useStartVerification(userId ?? '');

  const pending = !result || result.status === 'processing';
  useEffect(() => {
    if (!userId || !sessionId || !pending) return undefined;
    let stopped = false;
    const ask = () =>
      check({ userId, sessionId })
        .unwrap()
        .then((r) => {
          if (!stopped) setResult(r);
        })
        .catch((err: unknown) => {
          if (!stopped) setError(errorMessage(err, 'Your verification could not be checked.'));
        });
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [check, userId, sessionId, pending]);

  useEffect(() => {
    if (result?.verified) window.sessionStorage.removeItem(VERIFICATION_SESSION_KEY);
  }, [result?.verified]);

  const tryAgain = () =>
    void start
      .run(payment.data?.customerId ?? null)
      .catch((err: unknown) => setError(errorMessage(err, 'Verification could not be started.')));

  let body;
  if (!sessionId) {
    body = payment.data?.verified ? (
      <p role="status">
        <IdVerifiedBadge /> Your identity is verified.
      </p>
    ) : (
      <p role="status">
        No verification is in progress. You can start one from{' '}
        <Link to="/my-account">My Account</Link>.
      </p>
    );
  } else if (result?.verified) {
    body = (
      <div role="status" className="stack">
        <p>
          <IdVerifiedBadge /> Your identity is verified.
        </p>
        <p>The ID Verified badge now shows on your listings and store.</p>
      </div>
    );
  } else if (!result || result.status === 'processing') {
    body = (
      <div role="status">
        <InlineLoading text="We are checking your document and selfie..." />
      </div>
    );
  } else {
    body = (
      <div role="status" className="stack">
        <p>Your verification needs another try.</p>
        {result.lastError && <p>{result.lastError}</p>}
        <div>
          <button
            type="button"
            className="btn btn--primary"
            disabled={start.isLoading}
            onClick={tryAgain}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="page stack">
      <h1 className="page__title">Identity verification</h1>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {body}
      <p>
        <Link to="/my-account">Back to My Account</Link>
      </p>
    </div>
  );
}

export default function VerificationCompletePage() {
  usePageTitle('Verification Complete');
  return (
    <MembersOnly>
      <VerificationOutcome />
    </MembersOnly>
  );
}
