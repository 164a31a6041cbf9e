import type { Postings } from './postings';
import { Seen } from './seen';

/** BM25 parameters (the usual defaults). */
const K1 = 1.2;
const B = 0.75;

/** One word a query word matches: its listings, the typos it costs and its weight (idf). */
export interface WordList {
  list: Postings;
  typos: number;
  weight: number;
}

/**
 * The listings still matching every query word seen so far, with their typo totals and BM25
 * scores, in flat arrays (position `i` of each is one listing); {@link seen} maps a slot to its
 * position. Built from the rarest word, then narrowed by each further word.
 */
export class Candidates {
  slots = new Int32Array(1024);
  typos = new Float64Array(1024);
  scores = new Float64Array(1024);
  count = 0;
  private readonly base = K1 * (1 - B);
  private perWord = 0;
  /** Per candidate, its best way of matching the word being applied. */
  private bestTypos = new Float64Array(1024);
  private bestScores = new Float64Array(1024);
  private readonly seen = new Seen();
  private capacity = 0;
  /** Words per listing, by slot. */
  private lengths: Float64Array<ArrayBufferLike> = new Float64Array(0);

  /**
   * Starts a query over listings in slots below `capacity`, with `lengths` words each and
   * `avgLength` on average. The arrays are kept from query to query: a query that reaches most
   * listings would otherwise allocate (and the collector free) megabytes.
   */
  reset(capacity: number, lengths: Float64Array<ArrayBufferLike>, avgLength: number): this {
    if (this.slots.length < capacity) {
      const size = Math.max(capacity, 2 * this.slots.length);
      this.slots = new Int32Array(size);
      this.typos = new Float64Array(size);
      this.scores = new Float64Array(size);
      this.bestTypos = new Float64Array(size);
      this.bestScores = new Float64Array(size);
    }
    this.capacity = capacity;
    this.lengths = lengths;
    this.perWord = (K1 * B) / avgLength;
    this.count = 0;
    return this;
  }

  /** BM25 of one word at `slot`, held `tf` times (field-weighted), with weight (idf) `weight`. */
  private score(slot: number, tf: number, weight: number): number {
    return (weight * tf * (K1 + 1)) / (tf + this.base + this.perWord * this.lengths[slot]!);
  }

  /** Every listing the rarest word reaches, with its best way of matching it. */
  start(lists: readonly WordList[]): void {
    const seen = this.seen.next(this.capacity);
    const { slots, typos, scores } = this;
    let count = 0;
    for (const { list, typos: t, weight } of lists) {
      const listSlots = list.slots;
      const tfs = list.tfs;
      for (let j = 0; j < list.size; j++) {
        const slot = listSlots[j]!;
        const score = this.score(slot, tfs[j]!, weight);
        const at = seen.indexOf(slot);
        if (at < 0) {
          seen.set(slot, count);
          slots[count] = slot;
          typos[count] = t;
          scores[count] = score;
          count++;
        } else if (t < typos[at]! || (t === typos[at] && score > scores[at]!)) {
          typos[at] = t;
          scores[at] = score;
        }
      }
    }
    this.count = count;
  }

  /**
   * Keeps the candidates that also hold a further word (any of its `lists`, `size` listings in
   * all), adding its typos and score. Few candidates look each list up; many scan the lists.
   */
  narrow(lists: readonly WordList[], size: number): void {
    const bestTypos = this.bestTypos;
    const bestScores = this.bestScores;
    bestTypos.fill(Infinity, 0, this.count);
    const lookups = this.count * lists.length * Math.log2(2 + size / lists.length);
    if (lookups < size) this.lookUp(lists);
    else this.scan(lists);
    // Compact the survivors to the front, renumbering them for the next word.
    const seen = this.seen.next(this.capacity);
    const { slots, typos, scores } = this;
    let kept = 0;
    for (let i = 0; i < this.count; i++) {
      if (bestTypos[i] === Infinity) continue;
      const slot = slots[i]!;
      slots[kept] = slot;
      typos[kept] = typos[i]! + bestTypos[i]!;
      scores[kept] = scores[i]! + bestScores[i]!;
      seen.set(slot, kept);
      kept++;
    }
    this.count = kept;
  }

  /** Offers the word's match at position `at` (fewer typos win, then the higher score). */
  private offer(at: number, t: number, score: number): void {
    const best = this.bestTypos[at]!;
    if (t < best || (t === best && score > this.bestScores[at]!)) {
      this.bestTypos[at] = t;
      this.bestScores[at] = score;
    }
  }

  /** Each candidate looks itself up in each list (binary search). */
  private lookUp(lists: readonly WordList[]): void {
    const slots = this.slots;
    for (let i = 0; i < this.count; i++) {
      const slot = slots[i]!;
      for (const { list, typos: t, weight } of lists) {
        const tf = list.get(slot);
        if (tf > 0) this.offer(i, t, this.score(slot, tf, weight));
      }
    }
  }

  /** Each listing of each list checks whether it is a candidate. */
  private scan(lists: readonly WordList[]): void {
    const seen = this.seen;
    for (const { list, typos: t, weight } of lists) {
      const listSlots = list.slots;
      const tfs = list.tfs;
      for (let j = 0; j < list.size; j++) {
        const slot = listSlots[j]!;
        const at = seen.indexOf(slot);
        if (at >= 0) this.offer(at, t, this.score(slot, tfs[j]!, weight));
      }
    }
  }
}
