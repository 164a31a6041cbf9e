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
