#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { solveWantListFile } from '../solve-file';
import { WantListError, parseWantListFile } from '../want-list/parse';

/**
 * npm run circles:solve -- <want-list file> [--time-limit-ms N]
 * Prints the TradeMaximizer-style report; warnings go to stderr (unless the file says HIDE-ERRORS);
 * a malformed file exits 1 with `line N: …`.
 */
function main(argv: string[]): number {
  const args = [...argv];
  let timeLimitMs: number | undefined;
  const t = args.indexOf('--time-limit-ms');
  if (t !== -1) {
    timeLimitMs = Number(args[t + 1]);
    args.splice(t, 2);
  }
  const file = args[0];
  if (!file || args.length > 1 || (timeLimitMs !== undefined && !(timeLimitMs >= 0))) {
    process.stderr.write('usage: circles:solve -- <want-list file> [--time-limit-ms N]\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    process.stderr.write(`cannot read ${file}: ${(err as Error).message}\n`);
    return 2;
  }
  try {
    const solved = solveWantListFile(text, timeLimitMs === undefined ? {} : { timeLimitMs });
    if (parseWantListFile(text).options.showErrors) {
      for (const w of solved.warnings) process.stderr.write(`warning: ${w}\n`);
    }
    process.stdout.write(solved.report);
    return 0;
  } catch (err) {
    if (err instanceof WantListError) {
      process.stderr.write(`${file}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = main(process.argv.slice(2));
