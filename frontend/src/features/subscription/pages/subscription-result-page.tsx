import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useUserId } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { MembersOnly } from '../components/members-only';
import { useGetPaymentDataQuery } from '../payment-api';
import { formatDate, isSubscribed, statusLabel } from '../payment-rules';

/** How long the page waits before it says the confirmation is slow (it keeps asking). */
export const CONFIRMATION_PATIENCE_MS = 30_000;

function useSlow(active: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const t = setTimeout(() => setSlow(true), CONFIRMATION_PATIENCE_MS);
    return () => clearTimeout(t);
  }, [active]);
  return slow;
}

/**
 * /subscription/success: Checkout returned, but only the payment provider's webhook makes the
 * member subscribed; the page asks until that confirmation has arrived and says so.
 */
function SuccessContent() {
  const userId = useUserId();
  const [confirmed, setConfirmed] = useState(false);
  const { data } = useGetPaymentDataQuery(userId ?? '', {
    skip: !userId,
    pollingInterval: confirmed ? 0 : 1500,
  });
  if (!confirmed && isSubscribed(data?.status)) setConfirmed(true);
  const slow = useSlow(!confirmed);

  return (
    <div className="page stack">
      <h1 className="page__title">
        {confirmed ? 'You are subscribed' : 'Confirming your payment'}
      </h1>
      {confirmed && data ? (
        <div role="status" className="stack">
          <p>
            Thank you! Your {data.planName ? `${data.planName} ` : ''}subscription is{' '}
            {statusLabel(data.status).toLowerCase()}
            {data.currentPeriodEnd
              ? data.status === 'trialing'
                ? ` until ${formatDate(data.currentPeriodEnd)}`
                : `; it renews on ${formatDate(data.currentPeriodEnd)}`
              : ''}
            .
          </p>
          <p>You can now see the details of the exchange proposals you receive.</p>
          <p>
            <Link to="/subscription" className="btn btn--primary">
              Manage subscription
            </Link>
          </p>
        </div>
      ) : (
        <div role="status" className="stack">
          <p>Waiting for the payment provider to confirm your payment...</p>
          {slow && (
            <p>
              This is taking longer than usual. You can leave this page: your subscription starts as
              soon as the payment is confirmed.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** /subscription/cancel: Checkout was left; nothing was charged. Shows the confirmed status. */
function CancelContent() {
  const userId = useUserId();
  const { data, isLoading } = useGetPaymentDataQuery(userId ?? '', { skip: !userId });
  return (
    <div className="page stack">
      <h1 className="page__title">Checkout cancelled</h1>
      <p>You were not charged.</p>
      {!isLoading && data && (
        <p role="status">Your subscription status: {statusLabel(data.status)}.</p>
      )}
      <p>
        <Link to="/subscription" className="btn btn--primary">
          Back to plans
        </Link>
      </p>
    </div>
  );
}

export function SubscriptionSuccessPage() {
  usePageTitle('Subscription Confirmed');
  return (
    <MembersOnly>
      <SuccessContent />
    </MembersOnly>
  );
}

export function SubscriptionCancelPage() {
  usePageTitle('Subscription Cancelled');
  return (
    <MembersOnly>
      <CancelContent />
    </MembersOnly>
  );
}

export default SubscriptionSuccessPage;
