/** The product name every e-mail carries. */
export const PRODUCT_NAME = 'Swapbooth';

export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * When a link or code expires, said from the moment the event happened: "in 15 minutes" (at least
 * one). Events carry their times as strings; when the event's time is not a time the count starts
 * now, and when the expiry is not one the e-mail says "soon" rather than "in NaN minutes".
 */
export function expiresIn(occurredAtIso: string, expiresAtIso: string, now = Date.now()): string {
  const until = Date.parse(expiresAtIso);
  if (!Number.isFinite(until)) return 'soon';
  const from = Date.parse(occurredAtIso);
  const minutes = Math.max(1, Math.round((until - (Number.isFinite(from) ? from : now)) / 60_000));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Wraps already-escaped body HTML in the shared, inline-styled frame. */
export function htmlFrame(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222">
  <div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
    <h1 style="margin:0 0 24px;font-size:22px;color:#e4405f">${PRODUCT_NAME}</h1>
    ${bodyHtml}
    <p style="margin-top:32px;font-size:12px;color:#888">The ${PRODUCT_NAME} team</p>
  </div>
</body>
</html>`;
}
