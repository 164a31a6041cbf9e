import type { ListingDocument, SearchEngine } from './ports';

/**
 * The one way the projection writes to the engine: writes run one after another, so the index
 * ends in the order the projection decided, and a bulk load from the collection (the in-process
 * engine fills itself at start while consumers already run) never puts back a listing an event
 * changed meanwhile.
 */
export class IndexWriter {
  private tail: Promise<unknown> = Promise.resolve();
  /** Ids written by events during a load; the load skips them, their event wrote a newer state. */
  private touchedDuringLoad: Set<string> | undefined;

  constructor(private readonly engine: SearchEngine) {}

  /** Indexes `upserts` and drops `removals` from the engine. */
  apply(upserts: readonly ListingDocument[], removals: readonly string[]): Promise<void> {
    return this.serially(async () => {
      if (this.touchedDuringLoad) {
        for (const doc of upserts) this.touchedDuringLoad.add(doc.id);
        for (const id of removals) this.touchedDuringLoad.add(id);
      }
      if (upserts.length > 0) await this.engine.upsert(upserts);
      if (removals.length > 0) await this.engine.remove(removals);
    });
  }

  /**
   * Indexes stored documents batch by batch, leaving out any an event has written since the load
   * began. Returns how many were indexed.
   */
  async load(batches: AsyncIterable<readonly ListingDocument[]>): Promise<number> {
    const touched = new Set<string>();
    this.touchedDuringLoad = touched;
    let loaded = 0;
    try {
      for await (const batch of batches) {
        await this.serially(async () => {
          const fresh = batch.filter((doc) => !touched.has(doc.id));
          if (fresh.length > 0) await this.engine.upsert(fresh);
          loaded += fresh.length;
        });
      }
    } finally {
      this.touchedDuringLoad = undefined;
    }
    return loaded;
  }

  /** Waits for every write queued so far. */
  async settled(): Promise<void> {
    await this.serially(async () => undefined);
  }

  private serially<T>(job: () => Promise<T>): Promise<T> {
    const run = this.tail.then(job);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
