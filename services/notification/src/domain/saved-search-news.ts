import type { EventData } from '@swapbooth/contracts';
import { texts } from './notification';
import type { Notifier } from './notifier';
import type { MailMessage, MemberDirectory } from './ports';
import type { OnceMailer } from './trade-emails';

/** One matched listing as an alert names it. */
export interface MatchedListing {
  listingId: string;
  title: string;
  slug: string;
  imageUrl?: string;
  distance?: number;
  /** The member's saved searches it matched, by name. */
  searchNames: string[];
}

/** What an alert e-mail says: one listing now, or a day's listings in the digest. */
export type SavedSearchEmailContent =
  | { kind: 'saved-search-match'; to: string; recipientName?: string; listing: MatchedListing }
  | {
      kind: 'saved-search-digest';
      to: string;
      recipientName?: string;
      listings: MatchedListing[];
    };

/** A listing waiting for a member's digest. */
export interface DigestEntry extends MatchedListing {
  memberId: string;
  matchedAt: Date;
  /** When the digest it belongs to is sent. */
  dueAt: Date;
}

/** The listings waiting for each member's daily digest. */
export interface DigestQueue {
  /** Queues a listing for the member's digest unless it is queued already. */
  add(entry: DigestEntry): Promise<void>;
  /** Members with listings due by `now` and not sent, at most `limit`. */
  membersDue(now: Date, limit: number): Promise<string[]>;
  /** A member's listings due by `now` and not sent, in the order they matched. */
  dueOf(memberId: string, now: Date): Promise<Array<DigestEntry & { id: string }>>;
  markSent(ids: readonly string[], at: Date): Promise<void>;
}

/** The next time of day `hourUtc` strictly after `at`: when a match made at `at` is mailed. */
export function nextDigestAt(at: Date, hourUtc: number): Date {
  const due = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), hourUtc));
  if (due.getTime() <= at.getTime()) due.setUTCDate(due.getUTCDate() + 1);
  return due;
}

/** A short, stable digest of a set of ids: the same listings make the same digest key. */
function keyOf(ids: readonly string[]): string {
  let h = 2166136261;
  for (const ch of [...ids].sort().join(',')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(36);
}

/** How many members' digests one run sends at most (the next run takes the rest). */
const MEMBERS_PER_RUN = 200;

/**
 * saved-search.matched → what the member asked for, once per member and listing: an in-app
 * notification with a live push, plus an e-mail when they asked for one at once; or, for the daily
 * e-mail and for matches past the hourly cap of instant alerts, a place in the next digest, one
 * e-mail gathering a day's listings.
 */
export class SavedSearchNews {
  constructor(
    private readonly notifier: Notifier,
    private readonly members: MemberDirectory,
    private readonly mail: OnceMailer,
    private readonly digests: DigestQueue,
    private readonly templates: (c: SavedSearchEmailContent) => MailMessage,
    private readonly digestHourUtc: number,
  ) {}

  async matched(d: EventData<'saved-search.matched'>): Promise<void> {
    const listing: MatchedListing = {
      listingId: d.listingId,
      title: d.listing.title,
      slug: d.listing.slug,
      searchNames: d.searchNames,
      ...(d.listing.imageUrl ? { imageUrl: d.listing.imageUrl } : {}),
      ...(d.listing.distance !== undefined ? { distance: d.listing.distance } : {}),
    };
    if (d.delivery === 'digest') {
      const matchedAt = new Date(d.matchedAt);
      await this.digests.add({
        ...listing,
        memberId: d.memberId,
        matchedAt,
        dueAt: nextDigestAt(matchedAt, this.digestHourUtc),
      });
      return;
    }
    const said = texts.saved_search_match(listing.title, listing.searchNames[0], listing.distance);
    await this.notifier.create({
      id: `saved_search_match:${d.memberId}:${d.listingId}`,
      userId: d.memberId,
      type: 'saved_search_match',
      ...said,
      data: {
        product_id: d.listingId,
        slug: listing.slug,
        search_id: d.searchIds[0]!,
        ...(listing.imageUrl ? { image_url: listing.imageUrl } : {}),
        ...(listing.distance !== undefined ? { distance: listing.distance } : {}),
      },
    });
    if (d.alerts !== 'email_instant') return;
    const member = await this.members.get(d.memberId);
    if (!member.email) return;
    await this.mail.deliverOnce(
      `saved-search-match:${d.memberId}:${d.listingId}`,
      'saved-search-match',
      this.templates({
        kind: 'saved-search-match',
        to: member.email,
        ...(member.displayName ? { recipientName: member.displayName } : {}),
        listing,
      }),
    );
  }

  /**
   * Sends every digest due by `now`: per member one e-mail with all their listings due. The
   * e-mail is keyed by the listings it holds, so a run repeated after a failure sends it once.
   * Returns how many members' digests were handled.
   */
  async sendDueDigests(now = new Date()): Promise<number> {
    const due = await this.digests.membersDue(now, MEMBERS_PER_RUN);
    for (const memberId of due) {
      const entries = await this.digests.dueOf(memberId, now);
      if (entries.length === 0) continue;
      const member = await this.members.get(memberId);
      if (member.email) {
        await this.mail.deliverOnce(
          `saved-search-digest:${memberId}:${keyOf(entries.map((e) => e.id))}`,
          'saved-search-digest',
          this.templates({
            kind: 'saved-search-digest',
            to: member.email,
            ...(member.displayName ? { recipientName: member.displayName } : {}),
            listings: entries,
          }),
        );
      }
      await this.digests.markSent(
        entries.map((e) => e.id),
        now,
      );
    }
    return due.length;
  }
}
