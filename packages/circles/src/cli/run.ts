import { readFileSync } from 'node:fs';
import { solveWantListFile } from '../solve-file';
import { WantListError, parseWantListFile } from '../want-list/parse';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * `circles:solve -- <want-list file> [--time-limit-ms N]`: the TradeMaximizer-style report on stdout,
 * warnings on stderr (unless the file says HIDE-ERRORS). Returns the exit code: 0 solved, 1 malformed
 * file (`<file>: line N: …`), 2 bad arguments or unreadable file.
 */
export function runSolveCli(argv: string[], io: CliIo): number {
  const args = [...argv];
  let timeLimitMs: number | undefined;
  const t = args.indexOf('--time-limit-ms');
  if (t !== -1) {
    timeLimitMs = Number(args[t + 1]);
    args.splice(t, 2);
  }
  const file = args[0];
  if (!file || args.length > 1 || (timeLimitMs !== undefined && !(timeLimitMs >= 0))) {
    io.stderr('usage: circles:solve -- <want-list file> [--time-limit-ms N]\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    io.stderr(`cannot read ${file}: ${(err as Error).message}\n`);
    return 2;
  }
  try {
    const solved = solveWantListFile(text, timeLimitMs === undefined ? {} : { timeLimitMs });
    if (parseWantListFile(text).options.showErrors) {
      for (const w of solved.warnings) io.stderr(`warning: ${w}\n`);
    }
    io.stdout(solved.report);
    return 0;
  } catch (err) {
    if (err instanceof WantListError) {
      io.stderr(`${file}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
