/**
 * The listings holding one word, with the word's field-weighted frequency in each: slots in
 * ascending order in one typed array, frequencies beside them in another. A query scans them
 * with a plain loop (no per-entry objects or callbacks) and looks a slot up by binary search.
 * New listings take the highest slots, so loading appends; a removal shifts the tail.
 */
export class Postings {
  private slotArray = new Int32Array(4);
  private tfArray = new Float64Array(4);
  private count = 0;

  /** Listings holding the word. */
  get size(): number {
    return this.count;
  }

  /** Slots in ascending order; only the first {@link size} are in use. */
  get slots(): Int32Array {
    return this.slotArray;
  }

  /** Term frequency per slot, beside {@link slots}. */
  get tfs(): Float64Array {
    return this.tfArray;
  }

  /** The word's frequency in the listing at `slot`, or 0 when it does not hold the word. */
  get(slot: number): number {
    const at = this.indexOf(slot);
    return at < this.count && this.slotArray[at] === slot ? this.tfArray[at]! : 0;
  }

  /** Records the listing at `slot` with frequency `tf` (> 0), replacing an earlier one. */
  set(slot: number, tf: number): void {
    const at = this.indexOf(slot);
    if (at < this.count && this.slotArray[at] === slot) {
      this.tfArray[at] = tf;
      return;
    }
    if (this.count === this.slotArray.length) this.grow();
    this.slotArray.copyWithin(at + 1, at, this.count);
    this.tfArray.copyWithin(at + 1, at, this.count);
    this.slotArray[at] = slot;
    this.tfArray[at] = tf;
    this.count++;
  }

  delete(slot: number): void {
    const at = this.indexOf(slot);
    if (at >= this.count || this.slotArray[at] !== slot) return;
    this.slotArray.copyWithin(at, at + 1, this.count);
    this.tfArray.copyWithin(at, at + 1, this.count);
    this.count--;
  }

  /** Where `slot` is or would go (binary search; appending is checked first). */
  private indexOf(slot: number): number {
    const slots = this.slotArray;
    let hi = this.count;
    if (hi === 0 || slots[hi - 1]! < slot) return hi;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (slots[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const slots = new Int32Array(this.slotArray.length * 2);
    slots.set(this.slotArray);
    this.slotArray = slots;
    const tfs = new Float64Array(this.tfArray.length * 2);
    tfs.set(this.tfArray);
    this.tfArray = tfs;
  }
}
