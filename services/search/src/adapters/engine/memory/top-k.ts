/**
 * The first `k` of a stream in the order `before` defines, without sorting the whole stream:
 * most items are rejected by one comparison with the current last place.
 */
export class TopK<T> {
  private readonly kept: T[] = [];

  constructor(
    private readonly k: number,
    /** True when `a` goes before `b`. */
    private readonly before: (a: T, b: T) => boolean,
  ) {}

  /** Whether an item would be kept; lets callers skip building items that would not. */
  wouldKeep(probe: T): boolean {
    return this.kept.length < this.k || this.before(probe, this.kept[this.kept.length - 1]!);
  }

  offer(item: T): void {
    if (this.k <= 0 || !this.wouldKeep(item)) return;
    let lo = 0;
    let hi = this.kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(item, this.kept[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    this.kept.splice(lo, 0, item);
    if (this.kept.length > this.k) this.kept.pop();
  }

  /** Kept items, first first. */
  items(): readonly T[] {
    return this.kept;
  }
}
