import { solveCycleCover, type MarketItem, type Want } from '@swapbooth/circles';
import { circleOfCycle, edgeKey } from './circle';
import type { CircleDeps, WantList } from './circle-ports';
import type { Listing } from './proposal-ports';
import { proposeCircle } from './circle-life';

export interface MatchReport {
  /** Listings with a want list that could trade now. */
  items: number;
  wants: number;
  cycles: number;
  proposed: number;
  solveMs: number;
}

/**
 * The market the solver sees: every published listing with a want list that nothing holds
 * (neither an exchange nor a pending circle), and the wants between such listings, except an
 * edge its member declined or let expire lately and anything pointing at one's own listings.
 */
export function marketOf(
  lists: readonly WantList[],
  listings: ReadonlyMap<string, Listing>,
  reserved: ReadonlySet<string>,
  excluded: ReadonlySet<string>,
): { items: MarketItem[]; wants: Want[] } {
  const usable = (id: string): Listing | undefined => {
    const l = listings.get(id);
    return l && l.status === 'published' && l.sellerActive && !reserved.has(id) ? l : undefined;
  };
  const items: MarketItem[] = [];
  const itemIds = new Set<string>();
  for (const list of lists) {
    const l = usable(list.productId);
    if (l && l.ownerId === list.ownerId && !itemIds.has(l.id)) {
      items.push({ id: l.id, owner: l.ownerId });
      itemIds.add(l.id);
    }
  }
  const wants: Want[] = [];
  for (const list of lists) {
    if (!itemIds.has(list.productId)) continue;
    list.wants.forEach((w, i) => {
      const target = itemIds.has(w) ? listings.get(w) : undefined;
      if (!target || target.ownerId === list.ownerId) return;
      if (excluded.has(edgeKey(list.productId, w))) return;
      wants.push({ item: list.productId, wants: w, rank: i + 1 });
    });
  }
  return { items, wants };
}

/**
 * One pass of the live matcher: solves the cycle cover of the current market (most listings
 * trading, then most members) and proposes every cycle as a circle. A cycle whose listings got
 * reserved meanwhile is skipped (the reservation claim decides), so no circle is proposed twice.
 */
export async function matchCircles(
  deps: CircleDeps,
  isAbandoned: (holder: string, at: Date) => Promise<boolean>,
  opts: { timeLimitMs?: number } = {},
): Promise<MatchReport> {
  const lists = await deps.wantLists.all();
  const ids = [...new Set(lists.flatMap((l) => [l.productId, ...l.wants]))];
  const [listings, reserved, excluded] = await Promise.all([
    deps.market.listingsIn(ids),
    deps.market.reservedListingIds(),
    deps.exclusions.active(deps.now()),
  ]);
  const { items, wants } = marketOf(lists, listings, reserved, excluded);
  const report: MatchReport = {
    items: items.length,
    wants: wants.length,
    cycles: 0,
    proposed: 0,
    solveMs: 0,
  };
  if (items.length < 2 || wants.length < 2) return report;
  const result = solveCycleCover(items, wants, {
    metric: 'users-trading',
    iterations: 20,
    seed: 1,
    timeLimitMs: opts.timeLimitMs ?? 500,
  });
  report.cycles = result.cycles.length;
  report.solveMs = result.elapsedMs;
  const owner = new Map(items.map((i) => [i.id, i.owner]));
  for (const cycle of result.cycles) {
    const now = deps.now();
    const circle = circleOfCycle(cycle, (id) => owner.get(id)!, {
      id: deps.newId(),
      now,
      expiresAt: new Date(now.getTime() + deps.circleAnswerMs),
    });
    if (!circle) continue;
    if (await proposeCircle(deps, circle, isAbandoned)) report.proposed++;
  }
  return report;
}
