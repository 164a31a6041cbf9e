import { useState } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast, useUserId } from '../../../app/hooks';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { ConfirmModal } from '../../../components/confirm-modal';
import { usePageTitle } from '../../../lib/page-title';
import {
  useCancelSubscriptionMutation,
  useCreateCheckoutSessionMutation,
  useGetPaymentDataQuery,
  useGetPlansQuery,
  type PaymentData,
  type Plan,
} from '../payment-api';
import {
  externalNavigation,
  formatDate,
  formatPrice,
  isSubscribed,
  statusLabel,
} from '../payment-rules';
import '../subscription.css';

function StatusPanel({ data, onCancel }: { data: PaymentData; onCancel(): void }) {
  const subscribed = isSubscribed(data.status);
  const until = formatDate(data.currentPeriodEnd);
  return (
    <section className="panel" aria-labelledby="subscription-status">
      <h2 id="subscription-status" className="panel__title">
        Your subscription
      </h2>
      <p>
        Status: <span className="subscription-status__label">{statusLabel(data.status)}</span>
        {data.planName && subscribed ? ` (${data.planName})` : ''}
      </p>
      {subscribed && until && (
        <p>
          {data.cancelAtPeriodEnd
            ? `Cancelled: you keep access until ${until}. It will not renew.`
            : data.status === 'trialing'
              ? `Your free trial ends on ${until}.`
              : `Renews on ${until}.`}
        </p>
      )}
      {!subscribed && <p>Subscribe to see the details of the exchange proposals you receive.</p>}
      {subscribed && !data.cancelAtPeriodEnd && data.subscriptionId && (
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel subscription
        </button>
      )}
    </section>
  );
}

function PlanCard({
  plan,
  disabled,
  busy,
  onSubscribe,
}: {
  plan: Plan;
  disabled: boolean;
  busy: boolean;
  onSubscribe(): void;
}) {
  return (
    <article className="panel plan" aria-label={`${plan.name} plan`}>
      <h3 className="panel__title">{plan.name}</h3>
      <div className="plan__price">
        {formatPrice(plan.amount, plan.currency)}{' '}
        <span className="plan__interval">per {plan.interval}</span>
      </div>
      {plan.trialDays > 0 && <p className="plan__trial">{plan.trialDays}-day free trial</p>}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={disabled || busy}
        onClick={onSubscribe}
      >
        {busy ? 'Opening checkout...' : 'Subscribe'}
      </button>
    </article>
  );
}

/** /subscription: the plans, the member's status and renewal date, Subscribe and Cancel. */
export default function SubscriptionPage() {
  usePageTitle('Subscription');
  const userId = useUserId();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [waitingForCancel, setWaitingForCancel] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const plans = useGetPlansQuery();
  const payment = useGetPaymentDataQuery(userId ?? '', {
    skip: !userId,
    // After a cancellation, until its webhook-confirmed state arrives.
    pollingInterval: waitingForCancel ? 1500 : 0,
  });
  const [checkout] = useCreateCheckoutSessionMutation();
  const [cancel, cancelState] = useCancelSubscriptionMutation();

  if (waitingForCancel && payment.data?.cancelAtPeriodEnd) setWaitingForCancel(false);

  if (!userId || plans.isLoading || payment.isLoading) return <InlineLoading />;
  if (plans.error || payment.error || !plans.data || !payment.data) {
    return (
      <ErrorState
        message={errorMessage(plans.error ?? payment.error, 'Subscriptions could not be loaded.')}
        onRetry={() => {
          void plans.refetch();
          void payment.refetch();
        }}
      />
    );
  }
  const data = payment.data;

  const subscribe = async (plan: Plan) => {
    if (!data.customerId) {
      toast('Your payment account is not ready yet. Try again in a moment.', 'error');
      return;
    }
    setOpening(plan.priceId);
    try {
      const { url } = await checkout({
        priceId: plan.priceId,
        customerId: data.customerId,
        userId,
      }).unwrap();
      externalNavigation.go(url);
    } catch (err) {
      setOpening(null);
      toast(errorMessage(err, 'Checkout could not be opened.'), 'error');
    }
  };

  const confirmCancel = async () => {
    if (!data.subscriptionId) return;
    try {
      await cancel({ subscriptionId: data.subscriptionId }).unwrap();
      setConfirming(false);
      setWaitingForCancel(true);
      toast('Your subscription will end at the end of the current period.', 'success');
    } catch (err) {
      toast(errorMessage(err, 'The subscription could not be cancelled.'), 'error');
    }
  };

  return (
    <div className="page subscription-page stack">
      <h1 className="page__title">Subscription</h1>
      <StatusPanel data={data} onCancel={() => setConfirming(true)} />
      {waitingForCancel && (
        <p role="status">Waiting for the payment provider to confirm the cancellation...</p>
      )}
      <section aria-labelledby="plans-heading" className="stack">
        <h2 id="plans-heading">Plans</h2>
        <div className="plans">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.priceId}
              plan={plan}
              disabled={isSubscribed(data.status) || opening !== null}
              busy={opening === plan.priceId}
              onSubscribe={() => void subscribe(plan)}
            />
          ))}
        </div>
      </section>
      {confirming && (
        <ConfirmModal
          title="Cancel your subscription?"
          confirmLabel="Cancel subscription"
          keepLabel="Keep subscription"
          keepStyle="secondary"
          confirmDisabled={cancelState.isLoading}
          onConfirm={() => void confirmCancel()}
          onClose={() => setConfirming(false)}
        >
          <p>
            You keep access until {formatDate(data.currentPeriodEnd) || 'the end of the period'}; it
            will not renew after that.
          </p>
        </ConfirmModal>
      )}
    </div>
  );
}
