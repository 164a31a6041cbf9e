import { useState } from 'react';
import { errorMessage } from '../../../app/http';
import { IdVerifiedBadge } from '../../../components/id-verified-badge';
import { useGetPaymentDataQuery } from '../payment-api';
import { useStartVerification } from '../use-start-verification';

/** My Account → Settings: the member's identity verification, or the way to start it. */
export function IdentityVerificationSection({ userId }: { userId: string }) {
  const { data, isLoading } = useGetPaymentDataQuery(userId);
  const start = useStartVerification(userId);
  const [error, setError] = useState('');
  if (isLoading || !data) return null;
  return (
    <section className="panel" aria-labelledby="identity-heading">
      <h2 id="identity-heading" className="panel__title">
        Identity verification
      </h2>
      {data.verified ? (
        <p>
          <IdVerifiedBadge /> Your identity is verified.
        </p>
      ) : (
        <div className="stack">
          <p>
            Verify your identity with a photo ID and a selfie. Verified members show the ID Verified
            badge on their listings and store.
          </p>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div>
            <button
              type="button"
              className="btn btn--primary"
              disabled={start.isLoading}
              onClick={() =>
                void start
                  .run(data.customerId)
                  .catch((err: unknown) =>
                    setError(errorMessage(err, 'Verification could not be started.')),
                  )
              }
            >
              {start.isLoading ? 'Opening verification...' : 'Verify your identity'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
