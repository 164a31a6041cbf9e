/** Subscribed only when the status is active or trialing (SPEC §4). */
export const isSubscribed = (status: string | null | undefined): boolean =>
  status === 'active' || status === 'trialing';

export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

const labels: Record<string, string> = {
  active: 'Active',
  trialing: 'Free trial',
  past_due: 'Payment past due',
  unpaid: 'Unpaid',
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Payment expired',
  canceled: 'Cancelled',
  paused: 'Paused',
};

export const statusLabel = (status: string | null | undefined): string =>
  status ? (labels[status] ?? status) : 'Not subscribed';

/** Where the verification session started in this browser is remembered until it returns. */
export const VERIFICATION_SESSION_KEY = 'swapbooth.verificationSession';

/** Leaving the app for a hosted page (Checkout, Identity); a seam tests replace. */
export const externalNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
