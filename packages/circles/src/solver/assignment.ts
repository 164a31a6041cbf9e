/**
 * Minimum-cost perfect matching (the assignment problem) on a sparse square cost matrix, by successive
 * shortest augmenting paths: Dijkstra on reduced costs with column potentials (the Jonker–Volgenant
 * scheme), stopping each search at the first free column it reaches, after a column-reduction start.
 *
 * Rows and columns are 0..n-1. Row i's edges are edgeCol[rowStart[i]..rowStart[i+1]) with costs
 * edgeCost[...]. The caller guarantees that a perfect matching exists (a trade graph has every item's
 * "does not trade" self edge, so the identity is always one).
 */
export interface SparseMatrix {
  n: number;
  rowStart: Int32Array;
  edgeCol: Int32Array;
  edgeCost: Float64Array;
}

export interface Assignment {
  /** Row i is matched to column colOf[i]. */
  colOf: Int32Array;
  /** Column duals at the optimum: a good start for a re-solve with slightly different costs. */
  v: Float64Array;
}

/**
 * Solves the assignment. With `startV` (the duals of an earlier solve of a similar matrix), each row
 * first takes its cheapest column in reduced cost if that column is still free, so only the rows whose
 * choice changed need a shortest-path search; without, columns start from their cheapest edge.
 */
export function solveAssignment(m: SparseMatrix, startV?: Float64Array): Assignment {
  const { n, rowStart, edgeCol, edgeCost } = m;
  const colOf = new Int32Array(n).fill(-1);
  const rowOf = new Int32Array(n).fill(-1);
  /** Cost of the edge each matched row uses (its reduced cost is 0, which defines the row's dual). */
  const matchedCost = new Float64Array(n);
  let v: Float64Array;

  if (startV) {
    v = Float64Array.from(startV);
    for (let i = 0; i < n; i++) {
      let best = Infinity;
      let bestE = -1;
      for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
        const r = edgeCost[e]! - v[edgeCol[e]!]!;
        if (r < best) {
          best = r;
          bestE = e;
        }
      }
      if (bestE === -1) throw new Error(`row ${i} has no edge: no perfect matching`);
      const j = edgeCol[bestE]!;
      if (rowOf[j] === -1) {
        colOf[i] = j;
        rowOf[j] = i;
        matchedCost[i] = edgeCost[bestE]!;
      }
    }
  } else {
    // Column reduction: each column's dual is its cheapest incoming edge; that edge's row takes it if free.
    v = new Float64Array(n).fill(Infinity);
    const argRow = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
      for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
        const j = edgeCol[e]!;
        if (edgeCost[e]! < v[j]!) {
          v[j] = edgeCost[e]!;
          argRow[j] = i;
        }
      }
    }
    for (let j = 0; j < n; j++) {
      const i = argRow[j]!;
      if (i < 0) throw new Error(`column ${j} has no edge: no perfect matching`);
      if (colOf[i] === -1) {
        colOf[i] = j;
        rowOf[j] = i;
        matchedCost[i] = v[j]!;
      }
    }
  }

  // Augmenting row reduction: free rows take their cheapest column, lowering its dual so that it
  // costs them as much as their second choice, and displace its row (an auction with no slack).
  let free: number[] = [];
  for (let i = 0; i < n; i++) if (colOf[i] === -1) free.push(i);
  for (let pass = 0; pass < 4 && free.length > 0; pass++) {
    const next: number[] = [];
    let budget = 4 * n + 16;
    let k = 0;
    while (k < free.length) {
      const i = free[k++]!;
      let u1 = Infinity;
      let u2 = Infinity;
      let e1 = -1;
      let e2 = -1;
      for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
        const r = edgeCost[e]! - v[edgeCol[e]!]!;
        if (r < u2) {
          if (r < u1) {
            u2 = u1;
            e2 = e1;
            u1 = r;
            e1 = e;
          } else {
            u2 = r;
            e2 = e;
          }
        }
      }
      if (e1 === -1) throw new Error(`row ${i} has no edge: no perfect matching`);
      let e = e1;
      let j = edgeCol[e1]!;
      let displaced = rowOf[j]!;
      const strict = u1 < u2 && u2 !== Infinity;
      if (strict) v[j] = v[j]! - (u2 - u1);
      else if (displaced !== -1 && e2 !== -1) {
        e = e2;
        j = edgeCol[e2]!;
        displaced = rowOf[j]!;
      }
      if (displaced !== -1) {
        colOf[displaced] = -1;
        if (strict && budget-- > 0) free[--k] = displaced;
        else next.push(displaced);
      }
      colOf[i] = j;
      rowOf[j] = i;
      matchedCost[i] = edgeCost[e]!;
    }
    free = next;
  }

  const dist = new Float64Array(n).fill(Infinity);
  const pred = new Int32Array(n);
  const predCost = new Float64Array(n);
  const scannedAt = new Int32Array(n).fill(-1);
  const touched = new Int32Array(n);
  const scanned = new Int32Array(n);
  const heap = new MinHeap(1024);

  for (const f of free) {
    if (colOf[f] !== -1) continue;
    let touchedCount = 0;
    let scannedCount = 0;
    heap.clear();
    // The nearest free column seen so far: nothing at or beyond it needs to enter the heap.
    let limit = Infinity;
    let limitCol = -1;
    const reach = (k: number, d: number, from: number, cost: number) => {
      if (d >= limit || d >= dist[k]!) return;
      if (dist[k] === Infinity) touched[touchedCount++] = k;
      dist[k] = d;
      pred[k] = from;
      predCost[k] = cost;
      if (rowOf[k] === -1) {
        limit = d;
        limitCol = k;
      } else heap.push(d, k);
    };
    for (let e = rowStart[f]!; e < rowStart[f + 1]!; e++) {
      const j = edgeCol[e]!;
      reach(j, edgeCost[e]! - v[j]!, f, edgeCost[e]!);
    }
    while (heap.size > 0 && heap.topKey() < limit) {
      const d = heap.topKey();
      const j = heap.pop();
      if (scannedAt[j] === f || d > dist[j]!) continue;
      scannedAt[j] = f;
      scanned[scannedCount++] = j;
      const i = rowOf[j]!;
      const base = d - (matchedCost[i]! - v[j]!);
      for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
        const k = edgeCol[e]!;
        if (scannedAt[k] !== f) reach(k, base + edgeCost[e]! - v[k]!, i, edgeCost[e]!);
      }
    }
    const end = limitCol;
    const endDist = limit;
    if (end === -1) throw new Error(`row ${f} cannot be matched: no perfect matching`);

    // Keep the reduced costs non-negative: scanned columns move by how much closer than the end they were.
    for (let s = 0; s < scannedCount; s++) {
      const j = scanned[s]!;
      v[j] = v[j]! + dist[j]! - endDist;
    }
    // Augment along the path back to f.
    let j = end;
    for (;;) {
      const i = pred[j]!;
      const next = colOf[i]!;
      colOf[i] = j;
      rowOf[j] = i;
      matchedCost[i] = predCost[j]!;
      if (i === f) break;
      j = next;
    }
    for (let t = 0; t < touchedCount; t++) dist[touched[t]!] = Infinity;
  }
  return { colOf, v };
}

/** Binary min-heap of (key, value) pairs in typed arrays; stale entries are skipped by the caller. */
class MinHeap {
  private keys: Float64Array;
  private vals: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.vals = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  topKey(): number {
    return this.keys[0]!;
  }

  push(key: number, val: number): void {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      const vals = new Int32Array(this.size * 2);
      vals.set(this.vals);
      this.keys = keys;
      this.vals = vals;
    }
    let i = this.size++;
    const { keys, vals } = this;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      keys[i] = keys[p]!;
      vals[i] = vals[p]!;
      i = p;
    }
    keys[i] = key;
    vals[i] = val;
  }

  pop(): number {
    const { keys, vals } = this;
    const top = vals[0]!;
    const n = --this.size;
    if (n === 0) return top;
    const key = keys[n]!;
    const val = vals[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
      if (keys[c]! >= key) break;
      keys[i] = keys[c]!;
      vals[i] = vals[c]!;
      i = c;
    }
    keys[i] = key;
    vals[i] = val;
    return top;
  }
}
