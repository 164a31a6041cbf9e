#!/usr/bin/env node
import { runSolveCli } from './run';

// npm run circles:solve -- <want-list file> [--time-limit-ms N]
process.exitCode = runSolveCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
