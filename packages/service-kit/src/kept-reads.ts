/** How long a read is shown without reading it again, and how many are kept. */
const KEPT_MS = 5_000;
const KEPT_MAX = 10_000;

/**
 * Reads of facts that change rarely and are shown on every page of results (a seller's name and
 * rating, their booth, a proposal party's face), kept for a few seconds so a page does not read
 * them again on every call. A change written here forgets them at once, and a read that overlapped a change
 * keeps nothing; a change written by another replica shows within `KEPT_MS`.
 */
export class KeptReads<V> {
  private readonly kept = new Map<string, { value: V | undefined; until: number }>();
  /** Counts the changes written here: a read that overlapped one keeps nothing. */
  private changes = 0;

  /** The values of these ids (absent ones left out): kept ones, and a read of the others. */
  async many(
    ids: readonly string[],
    read: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const now = Date.now();
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const k = this.kept.get(id);
      if (k && k.until > now) {
        if (k.value !== undefined) out.set(id, k.value);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      const changesAtRead = this.changes;
      const found = await read(missing);
      const keep = changesAtRead === this.changes;
      for (const id of missing) {
        const value = found.get(id);
        if (value !== undefined) out.set(id, value);
        if (keep) this.keep(id, value, now);
      }
    }
    return out;
  }

  /** Runs a write of these ids' facts: they are forgotten before it and again after it. */
  async changing<T>(ids: readonly string[], write: () => Promise<T>): Promise<T> {
    this.forget(ids);
    try {
      return await write();
    } finally {
      this.forget(ids);
    }
  }

  private forget(ids: readonly string[]): void {
    this.changes++;
    for (const id of ids) this.kept.delete(id);
  }

  private keep(id: string, value: V | undefined, now: number): void {
    this.kept.delete(id);
    if (this.kept.size >= KEPT_MAX) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(id, { value, until: now + KEPT_MS });
  }
}
