import type { MarketItem } from '../types';

/**
 * The trade graph in compact form: vertex i is an item, edge i → j means "the owner of i would give
 * it to receive j", with its cost (from the want's priority). Self edges are implicit (every item may
 * not trade, at the non-trade cost).
 */
export interface TradeGraph {
  n: number;
  ids: string[];
  /** Owner index per item (items of one owner share it). */
  owner: Int32Array;
  owners: string[];
  dummy: Uint8Array;
  outStart: Int32Array;
  outTo: Int32Array;
  outCost: Float64Array;
}

/** "The owner of item would give it to receive wants". */
export interface WantPair {
  item: string;
  wants: string;
}

/**
 * Builds the graph. Wants naming an unknown item, an item wanting itself, a real item of the same owner,
 * or a pair already given (the first, cheapest, is kept) are left out.
 */
export function buildTradeGraph(
  items: MarketItem[],
  wants: readonly WantPair[],
  costOf: (want: number) => number,
): TradeGraph {
  const n = items.length;
  const index = new Map<string, number>();
  const ownerIndex = new Map<string, number>();
  const owners: string[] = [];
  const owner = new Int32Array(n);
  const dummy = new Uint8Array(n);
  items.forEach((item, i) => {
    if (index.has(item.id)) throw new Error(`item ${item.id} is listed twice`);
    index.set(item.id, i);
    let o = ownerIndex.get(item.owner);
    if (o === undefined) {
      o = owners.length;
      owners.push(item.owner);
      ownerIndex.set(item.owner, o);
    }
    owner[i] = o;
    dummy[i] = item.dummy ? 1 : 0;
  });

  const from = new Int32Array(wants.length);
  const to = new Int32Array(wants.length);
  const cost = new Float64Array(wants.length);
  let m = 0;
  const degree = new Int32Array(n);
  let lastItem: string | undefined;
  let lastIndex: number | undefined;
  for (let k = 0; k < wants.length; k++) {
    const w = wants[k]!;
    // Want lists come item by item: look the item up once per list.
    if (w.item !== lastItem) {
      lastItem = w.item;
      lastIndex = index.get(w.item);
    }
    const i = lastIndex;
    const j = index.get(w.wants);
    if (i === undefined || j === undefined || i === j) continue;
    if (!dummy[j] && owner[i] === owner[j]) continue;
    from[m] = i;
    to[m] = j;
    cost[m] = costOf(k);
    m++;
    degree[i]!++;
  }
  const outStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) outStart[i + 1] = outStart[i]! + degree[i]!;
  const fill = outStart.slice(0, n);
  const outTo = new Int32Array(m);
  const outCost = new Float64Array(m);
  for (let e = 0; e < m; e++) {
    const p = fill[from[e]!]!++;
    outTo[p] = to[e]!;
    outCost[p] = cost[e]!;
  }
  // Remove repeated pairs, keeping the cheapest.
  const seen = new Int32Array(n).fill(-1);
  const at = new Int32Array(n);
  let write = 0;
  const newStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    newStart[i] = write;
    for (let e = outStart[i]!; e < outStart[i + 1]!; e++) {
      const j = outTo[e]!;
      if (seen[j] === i) {
        if (outCost[e]! < outCost[at[j]!]!) outCost[at[j]!] = outCost[e]!;
        continue;
      }
      seen[j] = i;
      at[j] = write;
      outTo[write] = j;
      outCost[write] = outCost[e]!;
      write++;
    }
  }
  newStart[n] = write;
  return {
    n,
    ids: items.map((it) => it.id),
    owner,
    owners,
    dummy,
    outStart: newStart,
    outTo: outTo.slice(0, write),
    outCost: outCost.slice(0, write),
  };
}

/**
 * Strongly connected components (iterative Tarjan). An edge between two components can never lie on a
 * cycle, and an item alone in its component (nobody it wants wants it back, even through others) can
 * never trade, so only components of two or more items are returned — which also drops, transitively,
 * every item nobody wants and every item that wants nothing.
 */
export function tradingComponents(g: TradeGraph): number[][] {
  const { n, outStart, outTo } = g;
  const idx = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  let sp = 0;
  const callV = new Int32Array(n);
  const callE = new Int32Array(n);
  let counter = 0;
  const components: number[][] = [];
  for (let root = 0; root < n; root++) {
    if (idx[root] !== -1) continue;
    let depth = 0;
    callV[0] = root;
    callE[0] = outStart[root]!;
    idx[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = callV[depth]!;
      const e = callE[depth]!;
      if (e < outStart[v + 1]!) {
        callE[depth] = e + 1;
        const w = outTo[e]!;
        if (idx[w] === -1) {
          idx[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          callV[depth] = w;
          callE[depth] = outStart[w]!;
        } else if (onStack[w] && idx[w]! < low[v]!) {
          low[v] = idx[w]!;
        }
        continue;
      }
      if (low[v] === idx[v]) {
        const comp: number[] = [];
        let w: number;
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          comp.push(w);
        } while (w !== v);
        if (comp.length > 1) components.push(comp.sort((a, b) => a - b));
      }
      depth--;
      if (depth >= 0) {
        const parent = callV[depth]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
    }
  }
  return components;
}
