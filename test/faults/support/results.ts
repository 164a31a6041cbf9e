import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, revision } from '../../../bench/src/results';
import { profile } from './profile';

const file = path.resolve(__dirname, '../../../bench/RESULTS.md');

/**
 * Writes one scenario's figures into the "Fault suite" section of bench/RESULTS.md for the running
 * profile (one section per profile, one block per scenario, each with its date and machine), so a
 * run of one scenario keeps the figures the others wrote before.
 */
export function recordScenario(n: number, title: string, body: string): void {
  const name = `faults-${profile}`;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const current = new RegExp(`${start}([\\s\\S]*?)${end}`).exec(text)?.[1] ?? '';
  const blocks = new Map<number, string>();
  for (const m of current.matchAll(/<!-- scenario:(\d+) -->[\s\S]*?<!-- \/scenario:\1 -->/g)) {
    blocks.set(Number(m[1]), m[0]);
  }
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
  blocks.set(
    n,
    `<!-- scenario:${n} -->\n### ${n}. ${title}\n\nMeasured ${new Date().toISOString()} on ${machine()}, revision ${revision()}, load average ${load} at the end.\n\n${body.trim()}\n<!-- /scenario:${n} -->`,
  );
  const how =
    profile === 'full'
      ? '`npm run test:faults` (FAULTS_PROFILE=full: the numbers of the issue)'
      : '`npm test` (FAULTS_PROFILE=short: the same scenarios scaled down)';
  const section = `${start}\n## Fault suite (${profile} profile)\n\nWritten by ${how}, each scenario on private servers (infra/local instance "faults") with the services as processes of their built code.\n\n${[
    ...blocks.entries(),
  ]
    .sort((a, b) => a[0] - b[0])
    .map(([, b]) => b)
    .join('\n\n')}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
}

/** A markdown table from a header and rows. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
