import {
  SAVED_SEARCH_INSTANT_ALERTS_PER_HOUR,
  type EventData,
  type SavedSearchAlertMode,
} from '@swapbooth/contracts';
import { domainEvent } from '@swapbooth/event-bus';
import type { Logger } from '@swapbooth/service-kit';
import type {
  ListingDocument,
  MemberBlocks,
  SavedSearchMatcher,
  SavedSearchStore,
  SearchMatch,
  SearchMatchStore,
} from './ports';
import type { SavedSearch } from './saved-search';

/**
 * What a member was told of one listing (one record per member and listing). `none`: every
 * matching search asked for no alerts, so it only counts among the searches' new matches.
 */
export interface SearchMatchRecord {
  id: string;
  memberId: string;
  listingId: string;
  searchIds: string[];
  delivery: 'instant' | 'digest' | 'none';
  at: Date;
}

type AlertMode = Exclude<SavedSearchAlertMode, 'none'>;

/** The most immediate of the alert modes asked for: an instant e-mail, then the app, then the digest. */
const URGENCY: readonly AlertMode[] = ['email_instant', 'in_app', 'email_daily'];

const HOUR_MS = 3_600_000;
/** Members told at once for one listing. */
const MEMBERS_AT_ONCE = 32;

export interface SavedSearchAlertsDeps {
  matcher: SavedSearchMatcher;
  searches: SavedSearchStore;
  matches: SearchMatchStore;
  blocks: MemberBlocks;
  logger: Pick<Logger, 'debug'>;
  now?: () => Date;
}

/**
 * A listing was published or edited into search: tells each member whose saved searches match it,
 * once per member and listing, never about their own listing nor one by a member either of them
 * blocked. An edit of a listing a member was
 * already told about tells them nothing again; an edit that makes it match a search it did not
 * match does. Past 20 instant alerts in an hour a member's further matches go into the digest.
 */
export class SavedSearchAlerts {
  private readonly now: () => Date;

  constructor(private readonly deps: SavedSearchAlertsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async listed(docs: readonly ListingDocument[]): Promise<void> {
    for (const doc of docs) await this.listingListed(doc);
  }

  async listingListed(doc: ListingDocument): Promise<number> {
    const found = await this.deps.matcher.match(doc);
    const byMember = new Map<string, SearchMatch[]>();
    for (const m of found) {
      if (m.memberId === doc.sellerId) continue;
      const list = byMember.get(m.memberId) ?? [];
      list.push(m);
      byMember.set(m.memberId, list);
    }
    if (byMember.size === 0) return 0;
    for (const apart of await this.deps.blocks.blockedAmong(doc.sellerId, [...byMember.keys()])) {
      byMember.delete(apart);
    }
    if (byMember.size === 0) return 0;
    // The stored searches decide names and alert modes (and drop any deleted meanwhile).
    const stored = new Map(
      (await this.deps.searches.many(found.map((m) => m.searchId))).map((s) => [s.id, s]),
    );
    const members = [...byMember]
      .map(([memberId, matches]) => ({
        memberId,
        found: matches
          .map((m) => ({ match: m, search: stored.get(m.searchId) }))
          .filter((x): x is { match: SearchMatch; search: SavedSearch } => Boolean(x.search)),
      }))
      .filter((m) => m.found.length > 0);
    const alerting = members.filter((m) => m.found.some((f) => f.search.alerts !== 'none'));
    const silent = members.filter((m) => m.found.every((f) => f.search.alerts === 'none'));
    let told = 0;
    // Members to alert first, each with their own record and event, a few at a time (so a listing
    // many searches match is not told one database round trip after another); then the matches
    // of searches that alert no one, which only count as new, in one write.
    for (let i = 0; i < alerting.length; i += MEMBERS_AT_ONCE) {
      const results = await Promise.all(
        alerting.slice(i, i + MEMBERS_AT_ONCE).map((m) => this.tell(doc, m.memberId, m.found)),
      );
      told += results.filter(Boolean).length;
    }
    if (silent.length > 0) {
      const at = this.now();
      await this.deps.matches.recordSilently(
        silent.map((m) => ({
          id: `${m.memberId}:${doc.id}`,
          memberId: m.memberId,
          listingId: doc.id,
          searchIds: m.found.map((f) => f.search.id),
          delivery: 'none' as const,
          at,
        })),
      );
    }
    this.deps.logger.debug({ listingId: doc.id, matched: found.length, told }, 'saved searches');
    return told;
  }

  private async tell(
    doc: ListingDocument,
    memberId: string,
    found: Array<{ match: SearchMatch; search: SavedSearch }>,
  ): Promise<boolean> {
    const at = this.now();
    const modes = new Set(found.map((f) => f.search.alerts));
    const alerts = URGENCY.find((mode) => modes.has(mode));
    let delivery: SearchMatchRecord['delivery'] = 'none';
    if (alerts === 'email_daily') delivery = 'digest';
    else if (alerts) {
      const recent = await this.deps.matches.instantSince(
        memberId,
        new Date(at.getTime() - HOUR_MS),
      );
      delivery = recent < SAVED_SEARCH_INSTANT_ALERTS_PER_HOUR ? 'instant' : 'digest';
    }
    const record: SearchMatchRecord = {
      id: `${memberId}:${doc.id}`,
      memberId,
      listingId: doc.id,
      searchIds: found.map((f) => f.search.id),
      delivery,
      at,
    };
    const distances = found
      .map((f) => f.match.distance)
      .filter((d): d is number => d !== undefined);
    const image = doc.coverVariants?.[300] ?? doc.coverImage;
    const data: EventData<'saved-search.matched'> | undefined = alerts
      ? {
          memberId,
          listingId: doc.id,
          searchIds: record.searchIds,
          searchNames: found.map((f) => f.search.name),
          alerts,
          delivery: delivery === 'none' ? 'instant' : delivery,
          listing: {
            title: doc.title,
            slug: doc.slug,
            ...(image ? { imageUrl: image } : {}),
            ...(distances.length > 0 ? { distance: Math.min(...distances) } : {}),
          },
          matchedAt: at.toISOString(),
        }
      : undefined;
    return this.deps.matches.recordOnce(
      record,
      data ? [domainEvent('saved-search.matched', memberId, data)] : [],
    );
  }
}
