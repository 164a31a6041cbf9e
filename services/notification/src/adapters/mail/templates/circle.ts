import type { CircleEmailContent } from '../../../domain/circle-news';
import type { MailMessage } from '../../../domain/ports';
import { PRODUCT_NAME } from './layout';
import { compose } from './trade';

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
