/**
 * The body of a solver worker. It runs in a worker thread as source text (see WorkerSolver), so it
 * must stay self-contained: no imports, no references to anything outside the function; it
 * requires the solver library by the path it is handed.
 *
 * It parses the file (a malformed line comes back with its number), solves it with the file's own
 * options, and turns the cycles of item ids into loops of who gives what to whom.
 */
export function solveInWorker(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parentPort, workerData } = require('node:worker_threads') as {
    parentPort: { postMessage(m: unknown): void };
    workerData: { modulePath: string; file: string; timeLimitMs: number };
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const circles = require(workerData.modulePath) as {
      parseWantListFile(text: string): {
        items: Array<{ id: string; owner: string; dummy?: boolean }>;
        itemsCounted?: number;
      };
      solveWantListFile(
        text: string,
        options?: { timeLimitMs?: number },
      ): {
        result: {
          cycles: string[][];
          itemsTrading: number;
          usersTrading: number;
          groupSizes: number[];
          sumOfSquares: number;
          elapsedMs: number;
          itemsTotal?: number;
        };
        report: string;
        warnings: string[];
      };
    };
    let parsed: ReturnType<typeof circles.parseWantListFile>;
    try {
      parsed = circles.parseWantListFile(workerData.file);
    } catch (err) {
      const e = err as { line?: unknown; message?: unknown };
      if (typeof e.line === 'number') {
        // The error's message may already start with "line N: "; the service adds it itself.
        const message = String(e.message).replace(/^line \d+:\s*/, '');
        parentPort.postMessage({ kind: 'malformed', line: e.line, message });
        return;
      }
      throw err;
    }
    const { result, report, warnings } = circles.solveWantListFile(workerData.file, {
      timeLimitMs: workerData.timeLimitMs,
    });
    const owners = new Map(parsed.items.map((i) => [i.id, i.owner]));
    const ownerOf = (item: string) => owners.get(item) ?? '';
    const loops = result.cycles.map((cycle) =>
      cycle.map((item, i) => {
        const receivesItem = cycle[(i + 1) % cycle.length] as string;
        return { user: ownerOf(item), item, receivesFrom: ownerOf(receivesItem), receivesItem };
      }),
    );
    // The denominator as TradeMaximizer prints it ("Num trades = X of Y items").
    const counted = /Num trades\s*=\s*\d+\s+of\s+(\d+)\s+items/.exec(report);
    const itemsTotal =
      result.itemsTotal ??
      parsed.itemsCounted ??
      (counted ? Number(counted[1]) : parsed.items.filter((i) => !i.dummy).length);
    parentPort.postMessage({
      kind: 'solved',
      outcome: {
        itemsTotal,
        itemsTrading: result.itemsTrading,
        usersTrading: result.usersTrading,
        groupSizes: result.groupSizes,
        sumOfSquares: result.sumOfSquares,
        elapsedMs: result.elapsedMs,
        warnings,
        loops,
        report,
      },
    });
  } catch (err) {
    parentPort.postMessage({ kind: 'failed', message: (err as Error)?.message ?? String(err) });
  }
}
