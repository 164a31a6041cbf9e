import type { EventEnvelope } from '@swapbooth/contracts';
import type { MailMessage } from '../../../domain/ports';
import { PRODUCT_NAME, escapeHtml, htmlFrame, expiresIn } from './layout';

/** The sign-up verification code e-mail. */
export function otpCodeEmail(e: EventEnvelope<'auth.otp-requested'>): MailMessage {
  const { email, otp, expiresAt } = e.data;
  const expiry = expiresIn(e.occurredAt, expiresAt);
  const subject = `Your ${PRODUCT_NAME} verification code`;
  const text = [
    'Hello,',
    '',
    `Your ${PRODUCT_NAME} verification code is: ${otp}`,
    '',
    `Enter it on the verification page to confirm your e-mail address. It expires ${expiry} and can be used once.`,
    '',
    'If you did not create an account, you can ignore this e-mail.',
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = htmlFrame(
    subject,
    `<p>Hello,</p>
    <p>Your ${PRODUCT_NAME} verification code is:</p>
    <p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(otp)}</p>
    <p>Enter it on the verification page to confirm your e-mail address. It expires ${expiry} and can be used once.</p>
    <p style="color:#666">If you did not create an account, you can ignore this e-mail.</p>`,
  );
  return { to: email, subject, text, html };
}
