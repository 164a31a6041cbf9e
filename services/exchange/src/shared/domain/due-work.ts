import { AppError, type Logger } from '@swapbooth/service-kit';

/**
 * One kind of work that falls due with time: `due` finds what is due at `now` (a query on a due
 * date, the longest overdue first), `settle` handles one of them and takes it out of what is due
 * (or leaves it for the next sweep when it is not due after all).
 */
export interface DueWork {
  name: string;
  /** How many `due` reads at a time (default BATCH). */
  batch?: number;
  due(now: Date, limit: number): Promise<string[]>;
  settle(id: string, now: Date): Promise<unknown>;
  /**
   * Settles a batch of what `due` found in one go, where that costs fewer round trips than one by
   * one; answers the ids it left to `settle` (a write that lost to a concurrent change, say).
   */
  settleAll?(ids: readonly string[], now: Date): Promise<readonly string[]>;
}

/** What one sweep reads at a time. */
const BATCH = 100;

/**
 * How many of a batch are settled at the same time: each is one read and one guarded write on its
 * own document, so they never wait for each other, and a replica sweeping the same batch meanwhile
 * loses the race on the version instead of settling anything twice.
 */
const PARALLEL = 8;

/**
 * The due-work sweep: for each kind of work, handles what is due in batches until nothing new is
 * due. A thing that vanished meanwhile is skipped; one that fails is logged and left for the next
 * sweep, so it never holds up the rest. Returns how many of each kind were handled.
 */
export async function sweepDue(
  works: readonly DueWork[],
  deps: { now(): Date; logger: Logger },
): Promise<Record<string, number>> {
  const now = deps.now();
  const handled: Record<string, number> = {};
  for (const work of works) {
    const seen = new Set<string>();
    const settle = async (id: string) => {
      try {
        await work.settle(id, now);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found')) {
          deps.logger.warn({ err, work: work.name, id }, 'due work failed; retried next sweep');
        }
      }
    };
    // A batch write that failed as a whole may have stored part of it: each is settled alone
    // then, from a fresh read, so none takes its step twice.
    const settleAll = async (ids: readonly string[]): Promise<readonly string[]> => {
      if (!work.settleAll || ids.length === 0) return ids;
      try {
        return await work.settleAll(ids, now);
      } catch (err) {
        deps.logger.warn({ err, work: work.name }, 'due work batch failed; settling one by one');
        return ids;
      }
    };
    for (;;) {
      const found = await work.due(now, work.batch ?? BATCH);
      const ids = found.filter((id) => !seen.has(id));
      for (const id of ids) seen.add(id);
      const rest = await settleAll(ids);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, rest.length) }, async () => {
          while (next < rest.length) await settle(rest[next++]!);
        }),
      );
      // A full batch may hide more behind it; what failed or is not done stays seen.
      if (found.length < (work.batch ?? BATCH) || ids.length === 0) break;
    }
    handled[work.name] = seen.size;
  }
  return handled;
}
