import type { EventEnvelope } from '@swapbooth/contracts';
import type { MailMessage } from '../../../domain/ports';
import { PRODUCT_NAME, escapeHtml, htmlFrame, expiresIn } from './layout';

/** The password-reset link e-mail. */
export function passwordResetEmail(e: EventEnvelope<'auth.password-reset-requested'>): MailMessage {
  const { email, resetUrl, expiresAt } = e.data;
  const expiry = expiresIn(e.occurredAt, expiresAt);
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    '',
    resetUrl,
    '',
    `The link works once and expires ${expiry}.`,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const url = escapeHtml(resetUrl);
  const html = htmlFrame(
    subject,
    `<p>Hello,</p>
    <p>Someone asked to reset the password of your ${PRODUCT_NAME} account.</p>
    <p style="margin:24px 0"><a href="${url}" style="background:#e4405f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
    <p style="font-size:12px;color:#666">Or paste this link into your browser: ${url}</p>
    <p>The link works once and expires ${expiry}.</p>
    <p style="color:#666">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
  );
  return { to: email, subject, text, html };
}
