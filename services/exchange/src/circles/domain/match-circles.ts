import { solveCycleCover, type MarketItem, type Want } from '@swapbooth/circles';
import { circleOfCycle, edgeKey } from './circle';
import type { CircleDeps, WantList } from './circle-ports';
import type { Listing } from '../../proposals/domain/proposal-ports';
import { proposeCircle } from './circle-life';
import { blockPairKey } from '../../proposals/domain/member-blocks';

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

/** Whether no two members of a cycle block each other (either way), as `blockPairKey`s say. */
export function freeOfBlocks(
  cycle: readonly string[],
  ownerOf: (id: string) => string,
  blockedPairs: ReadonlySet<string>,
): boolean {
  if (blockedPairs.size === 0) return true;
  const owners = [...new Set(cycle.map(ownerOf))];
  return owners.every((a, i) =>
    owners.slice(i + 1).every((b) => !blockedPairs.has(blockPairKey(a, b))),
  );
}

/** The largest circle proposed live: every member must accept, so long loops rarely complete. */
export const MAX_CIRCLE_SIZE = 8;
/** Short circles looked for among what the optimum could not offer (a bounded search). */
const SHORT_CIRCLE_SIZE = 5;
const SEARCH_BUDGET = 20_000;

/**
 * Cycles that can be proposed as they are: at most `MAX_CIRCLE_SIZE` listings, every member once
 * (each member sees one thing given and one received).
 */
export const proposable = (cycle: readonly string[], ownerOf: (id: string) => string): boolean =>
  cycle.length >= 2 &&
  cycle.length <= MAX_CIRCLE_SIZE &&
  new Set(cycle.map(ownerOf)).size === cycle.length;

/**
 * Among listings the optimum put in loops that cannot be proposed (too long, or a member twice),
 * finds short cycles with every member once: from each listing in turn, a depth-first search along
 * its wants (most preferred first) back to it, within `SHORT_CIRCLE_SIZE` and a step budget; a
 * cycle found takes its listings out of the search.
 */
export function shortCycles(
  itemIds: readonly string[],
  wants: readonly Want[],
  ownerOf: (id: string) => string,
): string[][] {
  const free = new Set(itemIds);
  const out = new Map<string, string[]>();
  for (const w of [...wants].sort((a, b) => a.rank - b.rank)) {
    if (free.has(w.item) && free.has(w.wants)) {
      out.set(w.item, [...(out.get(w.item) ?? []), w.wants]);
    }
  }
  const found: string[][] = [];
  for (const start of itemIds) {
    if (!free.has(start)) continue;
    let budget = SEARCH_BUDGET;
    const path = [start];
    const owners = new Set([ownerOf(start)]);
    const dfs = (at: string): boolean => {
      for (const next of out.get(at) ?? []) {
        if (--budget < 0) return false;
        if (!free.has(next)) continue;
        if (next === start && path.length >= 2) return true;
        if (path.length >= SHORT_CIRCLE_SIZE || owners.has(ownerOf(next))) continue;
        path.push(next);
        owners.add(ownerOf(next));
        if (dfs(next)) return true;
        owners.delete(ownerOf(next));
        path.pop();
      }
      return false;
    };
    if (dfs(start)) {
      found.push([...path]);
      for (const id of path) free.delete(id);
    }
  }
  return found;
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
    deps.listings.listings(ids),
    deps.market.reservedListingIds(),
    deps.exclusions.active(deps.now()),
  ]);
  const market = marketOf(lists, listings, reserved, excluded);
  const items = market.items;
  const owner = new Map(items.map((i) => [i.id, i.owner]));
  const ownerOf = (id: string) => owner.get(id)!;
  // Members who block each other: no want between them, and no circle with both (below).
  const blockedPairs = await deps.memberBlocks.pairsAmong([...new Set(owner.values())]);
  const wants = market.wants.filter(
    (w) => !blockedPairs.has(blockPairKey(ownerOf(w.item), ownerOf(w.wants))),
  );
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
  const offerable = (c: readonly string[]) =>
    proposable(c, ownerOf) && freeOfBlocks(c, ownerOf, blockedPairs);
  const cycles = result.cycles.filter(offerable);
  // What the optimum could not offer (loops too long, with a member twice, or with two members
  // who block each other) may still hold short circles, with the listings it left out.
  if (cycles.length < result.cycles.length) {
    const taken = new Set(cycles.flat());
    const rest = items.map((i) => i.id).filter((id) => !taken.has(id));
    cycles.push(...shortCycles(rest, wants, ownerOf).filter(offerable));
  }
  report.cycles = cycles.length;
  report.solveMs = result.elapsedMs;
  for (const cycle of cycles) {
    const now = deps.now();
    const circle = circleOfCycle(cycle, ownerOf, {
      id: deps.newId(),
      now,
      expiresAt: new Date(now.getTime() + deps.circleAnswerMs),
    });
    if (!circle) continue;
    if (await proposeCircle(deps, circle, isAbandoned)) report.proposed++;
  }
  return report;
}
