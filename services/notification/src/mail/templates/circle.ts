import type { MailMessage } from '../mailer';
import { PRODUCT_NAME } from './layout';
import { compose } from './trade';

/** What a circle e-mail says to one member: only their own part of the circle. */
export interface CircleEmailContent {
  kind: 'circle-proposed' | 'circle-accepted' | 'circle-dissolved';
  to: string;
  circleId: string;
  recipientName?: string;
  size: number;
  gives: string;
  receives: string;
  /** The dissolved circle's notice (why, and that the listing is free again). */
  notice?: string;
}

/** The trade-circle e-mails, each with a link to the circle's page. */
export const circleTemplates =
  (appUrl: string) =>
  (c: CircleEmailContent): MailMessage => {
    const base = appUrl.replace(/\/+$/, '');
    const greeting = `Hello${c.recipientName ? ` ${c.recipientName}` : ''},`;
    const link = {
      label: 'Open the circle',
      url: `${base}/circles/${encodeURIComponent(c.circleId)}`,
    };
    switch (c.kind) {
      case 'circle-proposed':
        return compose(
          c.to,
          `A trade circle wants your "${c.gives}" on ${PRODUCT_NAME}`,
          greeting,
          [
            `A trade circle of ${c.size} members wants your "${c.gives}".`,
            `You would give "${c.gives}" and receive "${c.receives}". Every member must accept for the trade to happen.`,
          ],
          [link],
        );
      case 'circle-accepted':
        return compose(
          c.to,
          `Your trade circle is on, on ${PRODUCT_NAME}`,
          greeting,
          [
            `Every member of the trade circle of ${c.size} accepted.`,
            `Ship "${c.gives}" and look out for "${c.receives}": each is now an exchange of its own.`,
          ],
          [link],
        );
      case 'circle-dissolved':
        return compose(
          c.to,
          `A trade circle was called off on ${PRODUCT_NAME}`,
          greeting,
          [c.notice ?? 'The trade circle was called off.'],
          [link],
        );
    }
  };
