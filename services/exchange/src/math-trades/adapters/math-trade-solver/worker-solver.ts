import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MathTradeOutcome, MathTradeSolver } from '../../domain/math-trade';
import { solveInWorker } from './solve-in-worker';

export interface WorkerSolverLimits {
  /** A solve still running after this long is stopped and the file refused as too big. */
  timeoutMs: number;
  /** Heap of one solve's worker, in MB; running out refuses the file as too big. */
  memoryMb: number;
  /** Solves at the same time in this process; one more is told to come back shortly. */
  concurrency: number;
}

type Answer = Awaited<ReturnType<MathTradeSolver['solve']>>;
type WorkerMessage =
  | { kind: 'solved'; outcome: MathTradeOutcome }
  | { kind: 'malformed'; line: number; message: string }
  | { kind: 'failed'; message: string };

/**
 * Where the solver library's compiled entry is (built by `tsc -b` with the service): its package's
 * `main`, found from its package.json, so a test runner's mapping of the package to its sources
 * does not apply (the worker runs plain Node).
 */
function solverModule(): string {
  const manifest = createRequire(__filename).resolve('@swapbooth/circles/package.json');
  const { main } = JSON.parse(readFileSync(manifest, 'utf8')) as { main?: string };
  return path.join(path.dirname(manifest), main ?? 'index.js');
}

/**
 * Solves want-list files with @swapbooth/circles in a worker thread, so a big trade never blocks
 * the service's event loop: one worker per solve, stopped when it runs past the time or memory
 * budget, and at most `concurrency` of them at once.
 */
export class WorkerSolver implements MathTradeSolver {
  private running = 0;

  /** `modulePath`: the solver library's entry (by default @swapbooth/circles, compiled). */
  constructor(
    private readonly limits: WorkerSolverLimits,
    private readonly modulePath: () => string = solverModule,
  ) {}

  async solve(file: string): Promise<Answer> {
    if (this.running >= this.limits.concurrency) {
      return {
        kind: 'busy',
        retryAfterSeconds: Math.max(1, Math.ceil(this.limits.timeoutMs / 4000)),
      };
    }
    this.running++;
    try {
      return await this.run(file);
    } finally {
      this.running--;
    }
  }

  private run(file: string): Promise<Answer> {
    const { timeoutMs, memoryMb } = this.limits;
    // The function's compiled text is the worker's whole program (it imports nothing).
    const worker = new Worker(`(${solveInWorker.toString()})()`, {
      eval: true,
      workerData: { modulePath: this.modulePath(), file, timeLimitMs: Math.floor(timeoutMs * 0.6) },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    const seconds = Math.round(timeoutMs / 1000);
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            resolve({
              kind: 'too-big',
              message: `file took longer than ${seconds} s to solve; split the trade or lower ITERATIONS`,
            }),
          ),
        timeoutMs,
      );
      worker.once('message', (m: WorkerMessage) =>
        settle(() => {
          if (m.kind === 'failed') reject(new Error(`math-trade solver failed: ${m.message}`));
          else resolve(m);
        }),
      );
      worker.once('error', (err: Error & { code?: string }) =>
        settle(() => {
          if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
            resolve({ kind: 'too-big', message: 'file needs more memory to solve than allowed' });
          } else reject(err);
        }),
      );
      worker.once('exit', (code) =>
        settle(() => reject(new Error(`math-trade solver stopped (exit code ${code})`))),
      );
    });
  }
}
