import type { MatchedListing, SavedSearchEmailContent } from '../../../domain/saved-search-news';
import type { MailMessage } from '../../../domain/ports';
import { escapeHtml, htmlFrame, PRODUCT_NAME } from './layout';

const away = (l: MatchedListing) => (l.distance !== undefined ? `, ${l.distance} mi away` : '');
const matches = (l: MatchedListing) =>
  l.searchNames.length > 0
    ? `matches your saved search "${l.searchNames[0]}"${l.searchNames.length > 1 ? ` and ${l.searchNames.length - 1} more` : ''}`
    : 'matches one of your saved searches';

/**
 * The saved-search e-mails: one listing at once, or the daily digest of a day's listings. Each
 * listing shows its picture, title, distance and which search it matched, and links to it.
 */
export const savedSearchTemplates =
  (appUrl: string) =>
  (c: SavedSearchEmailContent): MailMessage => {
    const base = appUrl.replace(/\/+$/, '');
    const urlOf = (l: MatchedListing) => `${base}/listings/${encodeURIComponent(l.slug)}`;
    const greeting = `Hello${c.recipientName ? ` ${c.recipientName}` : ''},`;
    const listings = c.kind === 'saved-search-match' ? [c.listing] : c.listings;
    const subject =
      c.kind === 'saved-search-match'
        ? `New match: "${c.listing.title}" on ${PRODUCT_NAME}`
        : `${listings.length} new ${listings.length === 1 ? 'match' : 'matches'} for your saved searches on ${PRODUCT_NAME}`;
    const intro =
      c.kind === 'saved-search-match'
        ? 'A listing was just published that you were looking for:'
        : 'Listings published since your last digest that match your saved searches:';
    const text = [
      greeting,
      '',
      intro,
      '',
      ...listings.map((l) => `- "${l.title}"${away(l)}: ${matches(l)}\n  ${urlOf(l)}`),
      '',
      'Manage your saved searches in My Account, Saved searches.',
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n');
    const items = listings
      .map(
        (l) => `<tr>
      <td style="padding:8px 12px 8px 0;vertical-align:top">${
        l.imageUrl
          ? `<img src="${escapeHtml(l.imageUrl)}" alt="" width="96" style="border-radius:6px;display:block">`
          : ''
      }</td>
      <td style="padding:8px 0;vertical-align:top"><a href="${escapeHtml(urlOf(l))}" style="color:#e4405f;font-weight:bold">${escapeHtml(l.title)}</a><br>
      <span style="color:#666;font-size:13px">${escapeHtml(`${matches(l)}${away(l)}`)}</span></td>
    </tr>`,
      )
      .join('\n    ');
    const html = htmlFrame(
      subject,
      `<p>${escapeHtml(greeting)}</p>
    <p>${escapeHtml(intro)}</p>
    <table style="border-collapse:collapse">${items}</table>
    <p style="color:#666;font-size:12px">Manage your saved searches in My Account, Saved searches.</p>`,
    );
    return { to: c.to, subject, text, html };
  };
