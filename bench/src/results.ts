import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const file = path.resolve(__dirname, '../RESULTS.md');

/** The machine a result was measured on. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** Replaces (or adds) one benchmark's section in bench/RESULTS.md. */
export function writeSection(name: string, body: string): void {
  const header =
    '# Benchmark results\n\nEach section is rewritten by its benchmark (`npm run bench:<name>`).\n';
  let text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n## ${name}\n\nMeasured ${new Date().toISOString()} on ${machine()}.\n\n${body.trim()}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
}

/**
 * Rows of the table under `### <heading>` in a benchmark's current section, so a benchmark can keep
 * a history of its runs (it adds its own row and writes them back).
 */
export function keptRows(name: string, heading: string): string[] {
  if (!existsSync(file)) return [];
  const section = new RegExp(`<!-- ${name}:start -->([\\s\\S]*?)<!-- ${name}:end -->`).exec(
    readFileSync(file, 'utf8'),
  )?.[1];
  const table = section?.split(`\n### ${heading}\n`)[1] ?? '';
  return table.split('\n').filter((l) => /^\| \d{4}-/.test(l));
}

/** The commit measured, marked when the checkout had uncommitted changes. */
export function revision(): string {
  const root = path.resolve(__dirname, '../..');
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    });
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    });
    return `${sha.trim()}${dirty.trim() ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}
