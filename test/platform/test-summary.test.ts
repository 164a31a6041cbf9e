// npm test's closing summary: CI reads its last line, so that line must be the plain
// `Tests: N passed, N failed` summed over every stage that ran.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, '..', '..', 'scripts', 'test-summary.js');

function jestReport(passed: number, failed: number) {
  return {
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
    numTotalTests: passed + failed,
    numTotalTestSuites: 2,
    numFailedTestSuites: failed ? 1 : 0,
  };
}

function summarise(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'summary-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return execFileSync(process.execPath, [script, dir], { encoding: 'utf8' }).trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const junit = (tests: number, failures: number) =>
  `<?xml version="1.0"?><testsuites tests="${tests}" failures="${failures}" errors="0" skipped="0"></testsuites>`;

describe('npm test summary', () => {
  it('ends with one plain Tests line summed over jest, browser, fuzz and check stages', () => {
    const lines = summarise({
      'stages.tsv': [
        'format, lint, types\t0\t60',
        'unit and component tests\t0\t400',
        'browser tests\t0\t100',
        'API fuzz (short)\t0\t90',
        'fault suite (short profile)\t0\t300',
      ].join('\n'),
      'jest.json': JSON.stringify(jestReport(100, 0)),
      'e2e.json': JSON.stringify({ stats: { expected: 40, unexpected: 0, skipped: 0, flaky: 0 } }),
      'fuzz/admin.junit.xml': junit(137, 0),
      'fuzz/member.junit.xml': junit(137, 0),
      'faults.json': JSON.stringify(jestReport(11, 0)),
    });
    // 1 (checks) + 100 + 40 + 137 + 137 + 11
    expect(lines.at(-1)).toBe('Tests: 426 passed, 0 failed');
    expect(lines).toContain('npm test summary');
  });

  it('counts a stage that failed without a report as a failed test', () => {
    const lines = summarise({
      'stages.tsv': 'format, lint, types\t0\t60\nunit and component tests\t1\t30\n',
    });
    expect(lines.at(-1)).toBe('Tests: 1 passed, 1 failed');
    expect(lines.join('\n')).toMatch(/unit and component tests\s+FAILED \(exit 1\)/);
  });

  it('counts failed tests once when the report names them', () => {
    const lines = summarise({
      'stages.tsv': 'format, lint, types\t1\t60\nunit and component tests\t1\t30\n',
      'jest.json': JSON.stringify(jestReport(10, 3)),
    });
    expect(lines.at(-1)).toBe('Tests: 10 passed, 4 failed');
  });
});
