import { AppError, type Logger } from '@swapbooth/service-kit';

/**
 * One kind of work that falls due with time: `due` finds what is due at `now` (a query on a due
 * date, the longest overdue first), `settle` handles one of them and takes it out of what is due
 * (or leaves it for the next sweep when it is not due after all).
 */
export interface DueWork {
  name: string;
  due(now: Date, limit: number): Promise<string[]>;
  settle(id: string, now: Date): Promise<unknown>;
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
    for (;;) {
      const found = await work.due(now, BATCH);
      const ids = found.filter((id) => !seen.has(id));
      for (const id of ids) seen.add(id);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, ids.length) }, async () => {
          while (next < ids.length) await settle(ids[next++]!);
        }),
      );
      // A full batch may hide more behind it; what failed or is not done stays seen.
      if (found.length < BATCH || ids.length === 0) break;
    }
    handled[work.name] = seen.size;
  }
  return handled;
}
