import type { EventEnvelope } from '@swapbooth/contracts';
import type { MailMessage } from '../../../domain/ports';
import { PRODUCT_NAME, escapeHtml, htmlFrame, expiresIn } from './layout';

/** The one-time link an executive sends an admin to choose a new admin-console password. */
export function adminPasswordResetEmail(
  e: EventEnvelope<'admin.password-reset-requested'>,
): MailMessage {
  const { email, resetUrl, expiresAt } = e.data;
  const expiry = expiresIn(e.occurredAt, expiresAt);
  const subject = `Choose a new ${PRODUCT_NAME} admin password`;
  const text = [
    'Hello,',
    '',
    `An executive of ${PRODUCT_NAME} asked for a new password for your admin account. To choose it, open this link:`,
    '',
    resetUrl,
    '',
    `The link works once and expires ${expiry}. Until you use it, your current password still works.`,
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const url = escapeHtml(resetUrl);
  const html = htmlFrame(
    subject,
    `<p>Hello,</p>
    <p>An executive of ${PRODUCT_NAME} asked for a new password for your admin account.</p>
    <p style="margin:24px 0"><a href="${url}" style="background:#e4405f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Choose a new admin password</a></p>
    <p style="font-size:12px;color:#666">Or paste this link into your browser: ${url}</p>
    <p>The link works once and expires ${expiry}. Until you use it, your current password still works.</p>`,
  );
  return { to: email, subject, text, html };
}
