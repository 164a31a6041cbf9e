/**
 * Slot → position in a query's candidate arrays, reset in O(1) per query by stamping entries
 * with a query number instead of clearing them.
 */
export class Seen {
  private stamps = new Uint32Array(0);
  private positions = new Int32Array(0);
  private stamp = 0;

  /** Starts a query over slots below `capacity`. */
  next(capacity: number): this {
    if (this.stamps.length < capacity || this.stamp === 0xffffffff) {
      this.stamps = new Uint32Array(Math.max(capacity, 2 * this.stamps.length));
      this.positions = new Int32Array(this.stamps.length);
      this.stamp = 0;
    }
    this.stamp++;
    return this;
  }

  indexOf(slot: number): number {
    return this.stamps[slot] === this.stamp ? this.positions[slot]! : -1;
  }

  set(slot: number, position: number): void {
    this.stamps[slot] = this.stamp;
    this.positions[slot] = position;
  }
}
