/** The sandbox's hosted-looking pages: plain HTML forms, no scripts. */

const escape = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,-apple-system,sans-serif;background:#f6f9fc;margin:0;color:#1a1f36}
.banner{background:#fff4e5;color:#8a4b00;border-bottom:1px solid #f5c27a;padding:10px;text-align:center;font-weight:600}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:28px}
h1{font-size:20px;margin:0 0 8px}.price{font-size:28px;font-weight:700;margin:12px 0}
.muted{color:#697386;font-size:14px}.error{color:#b3261e;font-weight:600}
form{margin:12px 0 0}button{width:100%;padding:12px;border-radius:6px;border:1px solid #cfd7df;font-size:16px;cursor:pointer;background:#fff}
button.primary{background:#635bff;color:#fff;border-color:#635bff}
</style></head>
<body><div class="banner" role="note">Sandbox — no real payment</div><main>${body}</main></body></html>`;
}

const button = (action: string, label: string, primary = false) =>
  `<form method="post" action="${escape(action)}"><button type="submit"${primary ? ' class="primary"' : ''}>${escape(label)}</button></form>`;

export function checkoutPage(
  id: string,
  plan: { name: string; amount: number; currency: string; interval: string; trialDays: number },
  state: { open: boolean; declined: boolean },
): string {
  const base = `/api/stripe/sandbox/checkout/${encodeURIComponent(id)}`;
  const trial = plan.trialDays > 0 ? `<p class="muted">${plan.trialDays}-day free trial</p>` : '';
  const body = state.open
    ? `${state.declined ? '<p class="error" role="alert">Your card was declined.</p>' : ''}
${button(`${base}/pay`, 'Pay and subscribe', true)}
${button(`${base}/decline`, 'Pay with a card that is declined')}
${button(`${base}/cancel`, 'Cancel and go back')}`
    : '<p>This Checkout session is complete.</p>';
  return page(
    'Swapbooth subscription — Sandbox checkout',
    `<h1>Subscribe to Swapbooth ${escape(plan.name)}</h1>
<div class="price">${escape(money(plan.amount, plan.currency))} <span class="muted">per ${escape(plan.interval)}</span></div>
${trial}<p class="muted">Test card 4242 4242 4242 4242 — nothing is charged.</p>
${body}`,
  );
}

export function identityPage(id: string, status: string): string {
  const base = `/api/stripe/sandbox/identity/${encodeURIComponent(id)}`;
  const body =
    status === 'verified'
      ? '<p>This verification is complete.</p>'
      : `<p class="muted">Upload a photo ID and take a selfie. In the sandbox, choose the outcome.</p>
${button(`${base}/verify`, 'Submit document and selfie (verified)', true)}
${button(`${base}/fail`, 'Submit an unreadable document (needs another try)')}
${button(`${base}/cancel`, 'Cancel and go back')}`;
  return page(
    'Verify your identity — Sandbox',
    `<h1>Verify your identity</h1><p class="muted">Swapbooth uses an identity check (document and selfie).</p>${body}`,
  );
}
