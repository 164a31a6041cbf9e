import type { CircleResponse, WantListResponse } from '@swapbooth/contracts';
import { acceptedCount, mayAnswer, memberOf, type Circle } from '../../domain/circle';
import type { WantList } from '../../domain/circle-ports';
import type {
  ListingDirectory,
  ProposalRepository,
} from '../../../proposals/domain/proposal-ports';
import { listingOut } from '../../../proposals/api/proposals/proposal-presenter';

const iso = (d?: Date) => (d ? d.toISOString() : null);

/**
 * Circles and want lists as their member sees them: a circle shows only what the viewer gives,
 * what they receive, its size and how many accepted (never who else is in it or what they want).
 */
export class CirclePresenter {
  constructor(
    private readonly deps: {
      listings: ListingDirectory;
      proposals?: Pick<ProposalRepository, 'findByIds'>;
    },
    private readonly now: () => Date,
  ) {}

  async circles(cs: readonly Circle[], viewerId: string): Promise<CircleResponse[]> {
    const mine = cs.map((c) => ({ c, m: memberOf(c, viewerId)! }));
    const listings = await this.deps.listings.listings(
      mine.flatMap(({ m }) => [m.gives, m.receives]),
    );
    const now = this.now();
    // Exchanges of these circles with a problem being handled (a dispute holds them `disputed`).
    const exchangeIds = cs.flatMap((c) => (c.exchanges ?? []).map((e) => e.proposalId));
    const disputed = new Set(
      (this.deps.proposals && exchangeIds.length
        ? await this.deps.proposals.findByIds(exchangeIds)
        : []
      )
        .filter((p) => p.status === 'disputed')
        .map((p) => p.id),
    );
    return mine.map(({ c, m }) => {
      const gives = c.exchanges?.find((e) => e.productId === m.gives);
      const receives = c.exchanges?.find((e) => e.productId === m.receives);
      return {
        circle_id: c.id,
        status: c.status,
        size: c.members.length,
        gives: listingOut(m.gives, listings.get(m.gives)),
        receives: listingOut(m.receives, listings.get(m.receives)),
        my_answer: m.answer,
        accepted_count: acceptedCount(c),
        allowed_actions: mayAnswer(c, viewerId, now) ? ['accept', 'decline'] : [],
        exchanges:
          gives && receives
            ? { gives_proposal_id: gives.proposalId, receives_proposal_id: receives.proposalId }
            : null,
        dissolved_reason: c.dissolvedReason ?? null,
        problem_reported: (c.exchanges ?? []).some((e) => disputed.has(e.proposalId)),
        expires_at: c.status === 'proposed' ? iso(c.expiresAt) : null,
        created_at: c.createdAt.toISOString(),
        updated_at: c.updatedAt.toISOString(),
      };
    });
  }

  async circle(c: Circle, viewerId: string): Promise<CircleResponse> {
    return (await this.circles([c], viewerId))[0]!;
  }

  async wantLists(lists: readonly WantList[]): Promise<WantListResponse[]> {
    const listings = await this.deps.listings.listings(
      lists.flatMap((l) => [l.productId, ...l.wants]),
    );
    return lists.map((l) => ({
      product_id: l.productId,
      product: listingOut(l.productId, listings.get(l.productId)),
      wants: l.wants.map((id) => listingOut(id, listings.get(id))),
      updated_at: l.updatedAt.toISOString(),
    }));
  }
}
