import type { EventEnvelope } from '@swapbooth/contracts';
import type { MailMessage } from '../../../domain/ports';
import { PRODUCT_NAME, escapeHtml, htmlFrame, expiresIn } from './layout';

/** The one-time sign-in link e-mail. */
export function signInLinkEmail(e: EventEnvelope<'auth.sign-in-link-requested'>): MailMessage {
  const { email, signInUrl, expiresAt } = e.data;
  const expiry = expiresIn(e.occurredAt, expiresAt);
  const subject = `Your ${PRODUCT_NAME} sign-in link`;
  const text = [
    'Hello,',
    '',
    `Someone asked for a link to sign in to your ${PRODUCT_NAME} account without the password. To sign in, open this link:`,
    '',
    signInUrl,
    '',
    `The link works once and expires ${expiry}. Using it also lifts any slow-down of sign-ins caused by wrong passwords.`,
    '',
    'If you did not ask for this, ignore this e-mail: nobody can sign in without it.',
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const url = escapeHtml(signInUrl);
  const html = htmlFrame(
    subject,
    `<p>Hello,</p>
    <p>Someone asked for a link to sign in to your ${PRODUCT_NAME} account without the password.</p>
    <p style="margin:24px 0"><a href="${url}" style="background:#e4405f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Sign in to ${PRODUCT_NAME}</a></p>
    <p style="font-size:12px;color:#666">Or paste this link into your browser: ${url}</p>
    <p>The link works once and expires ${expiry}. Using it also lifts any slow-down of sign-ins caused by wrong passwords.</p>
    <p style="color:#666">If you did not ask for this, ignore this e-mail: nobody can sign in without it.</p>`,
  );
  return { to: email, subject, text, html };
}
