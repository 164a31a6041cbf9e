import type { TradeEmailContent } from '../../../domain/trade-emails';
import { isSubscribed } from '@swapbooth/contracts';
import { GATED_PROPOSAL_MESSAGE, listOf } from '../../../domain/notification';
import type { MailMessage } from '../../../domain/ports';
import { PRODUCT_NAME, escapeHtml, htmlFrame } from './layout';

interface Link {
  label: string;
  url: string;
}

export function compose(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  links: Link[],
): MailMessage {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...links.map((l) => `${l.label}: ${l.url}`),
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = htmlFrame(
    subject,
    `<p>${escapeHtml(greeting)}</p>
    ${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n    ')}
    <p>${links
      .map(
        (l) =>
          `<a href="${escapeHtml(l.url)}" style="display:inline-block;margin:8px 8px 0 0;padding:10px 18px;background:#e4405f;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(l.label)}</a>`,
      )
      .join('')}</p>
    <p style="color:#666;font-size:12px">You can turn these e-mails off in My Account, Settings.</p>`,
  );
  return { to, subject, text, html };
}

/** The trade e-mails: proposal received, accepted, completed, and subscription changes. */
export const tradeTemplates =
  (appUrl: string) =>
  (c: TradeEmailContent): MailMessage => {
    const base = appUrl.replace(/\/+$/, '');
    const greeting = `Hello${c.recipientName ? ` ${c.recipientName}` : ''},`;
    const proposalUrl = `${base}/proposal/${encodeURIComponent(c.proposalId ?? '')}`;
    const review = (action: string) =>
      `${base}/proposal/${encodeURIComponent(c.proposalId ?? '')}/review/${action}`;
    const listings =
      c.listings && c.listings.length > 0 ? listOf(c.listings.map((t) => `"${t}"`)) : '';
    switch (c.kind) {
      case 'exchange-received':
        return compose(
          c.to,
          `New exchange proposal on ${PRODUCT_NAME}`,
          greeting,
          [
            c.senderName === null
              ? GATED_PROPOSAL_MESSAGE
              : `${c.senderName ?? 'A member'} sent you a proposal${listings ? ` for ${listings}` : ''}.`,
          ],
          [
            { label: 'Review the proposal', url: review('view') },
            { label: 'Accept', url: review('accept') },
            { label: 'Reject', url: review('reject') },
          ],
        );
      case 'exchange-accepted':
        return compose(
          c.to,
          `Your exchange proposal was accepted`,
          greeting,
          [
            `Your proposal${listings ? ` for ${listings}` : ''} was accepted. Arrange shipping with your exchange partner.`,
          ],
          [{ label: 'Open the proposal', url: proposalUrl }],
        );
      case 'exchange-completed':
        return compose(
          c.to,
          `Your exchange is complete`,
          greeting,
          ['Your exchange is complete. Tell others how it went by rating your exchange partner.'],
          [{ label: 'Rate your exchange', url: review('rate') }],
        );
      case 'exchange-deadlines':
        return compose(c.to, c.subject ?? 'Your exchange', greeting, c.lines ?? [], [
          { label: 'Open the exchange', url: proposalUrl },
        ]);
      case 'subscription':
        return compose(
          c.to,
          `Your ${PRODUCT_NAME} subscription`,
          greeting,
          [
            isSubscribed(c.status)
              ? 'Your subscription is active: you can now see the details of every proposal you receive.'
              : `Your subscription is now ${String(c.status ?? 'inactive').replace(/_/g, ' ')}.`,
          ],
          [{ label: 'Manage your subscription', url: `${base}/subscription` }],
        );
    }
  };
