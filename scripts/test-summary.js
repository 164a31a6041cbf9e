#!/usr/bin/env node
// The closing summary of npm test: one line per stage (ran or not, passed or not, its counts and
// time), then the test files, and last one plain line alone, `Tests: N passed, N failed` (then
// `, N skipped` when some were), N summed over every stage: the API fuzz counts one test per
// operation and token. CI reads that last line, so nothing may be printed after it. Reads what scripts/test.sh left in its results folder:
//   stages.tsv           name, exit status and seconds of every stage that ran
//   jest.json            the unit and component tests (jest --json)
//   e2e.json             the browser tests (Playwright's json reporter)
//   fuzz/<who>.junit.xml the API fuzz (schemathesis' JUnit report, one per token)
//   faults.json          the fault suite (jest --json)
// Usage: node scripts/test-summary.js <results folder>
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/test-summary.js <results folder>');
  process.exit(2);
}

const STAGES = [
  { name: 'format, lint, types' },
  { name: 'unit and component tests', jest: 'jest.json' },
  { name: 'browser tests', playwright: 'e2e.json' },
  { name: 'API fuzz (short)', fuzz: 'fuzz' },
  { name: 'fault suite (short profile)', jest: 'faults.json' },
];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return undefined;
  }
}

function ranStages() {
  let text = '';
  try {
    text = fs.readFileSync(path.join(dir, 'stages.tsv'), 'utf8');
  } catch {
    return new Map();
  }
  const ran = new Map();
  for (const line of text.split('\n').filter(Boolean)) {
    const [name, status, seconds] = line.split('\t');
    ran.set(name, { status: Number(status), seconds: Number(seconds) });
  }
  return ran;
}

/** { passed, failed, skipped, total, files } of a jest --json report. */
function fromJest(report) {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    total: report.numTotalTests,
    files: report.numTotalTestSuites,
    failedFiles: report.numFailedTestSuites + (report.numRuntimeErrorTestSuites ?? 0),
  };
}

/** The same of a Playwright json report (a flaky test passed on a retry: counted as passed). */
function fromPlaywright(report) {
  const s = report.stats ?? {};
  const files = new Set((report.suites ?? []).map((suite) => suite.file));
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  const failed = s.unexpected ?? 0;
  const skipped = s.skipped ?? 0;
  return {
    passed,
    failed,
    skipped,
    total: passed + failed + skipped,
    files: files.size,
    flaky: s.flaky ?? 0,
  };
}

/** Operations checked and failed per token, from schemathesis' JUnit reports. */
function fromFuzz(folder) {
  const out = [];
  let files;
  try {
    files = fs.readdirSync(path.join(dir, folder)).filter((f) => f.endsWith('.junit.xml'));
  } catch {
    return out;
  }
  for (const file of files.sort()) {
    const xml = fs.readFileSync(path.join(dir, folder, file), 'utf8');
    const head = /<testsuites\b([^>]*)>/.exec(xml)?.[1] ?? '';
    const attr = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(head)?.[1] ?? 0);
    const total = attr('tests');
    const failed = attr('failures') + attr('errors');
    const skipped = attr('skipped');
    out.push({
      who: file.replace('.junit.xml', ''),
      total,
      failed,
      skipped,
      passed: total - failed - skipped,
    });
  }
  return out;
}

const ran = ranStages();
const totals = { passed: 0, failed: 0, skipped: 0, total: 0, files: 0, failedFiles: 0 };
const add = (c) => {
  for (const k of Object.keys(totals)) totals[k] += c[k] ?? 0;
};
const lines = [];
const width = Math.max(...STAGES.map((s) => s.name.length)) + 2;

for (const stage of STAGES) {
  const run = ran.get(stage.name);
  const label = `  ${stage.name.padEnd(width)}`;
  if (!run) {
    lines.push(`${label}not run`);
    continue;
  }
  const failedBefore = totals.failed;
  const verdict = run.status === 0 ? 'passed' : `FAILED (exit ${run.status})`;
  let detail = '';
  if (stage.jest || stage.playwright) {
    const report = readJson(stage.jest ?? stage.playwright);
    if (report) {
      const c = stage.jest ? fromJest(report) : fromPlaywright(report);
      add(c);
      detail =
        `: ${c.passed} passed, ${c.failed} failed` +
        (c.skipped ? `, ${c.skipped} skipped` : '') +
        ` of ${c.total} in ${c.files} files` +
        (c.flaky ? ` (${c.flaky} passed on a retry)` : '');
    }
  } else if (stage.fuzz) {
    const tokens = fromFuzz(stage.fuzz);
    if (tokens.length) {
      for (const t of tokens) add(t);
      detail =
        ': ' +
        tokens.map((t) => `${t.who} token ${t.passed} of ${t.total} operations clean`).join(', ');
    }
  }
  // A stage that failed without a failed test to show for it (lint, types, a crash before its
  // report) counts as one failed test, so the closing line never reads as a clean run.
  if (run.status !== 0 && totals.failed === failedBefore) totals.failed += 1;
  // The check stage has no report of its own: it is one test.
  if (!stage.jest && !stage.playwright && !stage.fuzz && run.status === 0) totals.passed += 1;
  lines.push(`${label}${verdict}${detail} (${run.seconds} s)`);
}

console.log('');
console.log('npm test summary');
for (const line of lines) console.log(line);
const passedFiles = totals.files - totals.failedFiles;
console.log(
  `Test Suites: ${totals.failedFiles ? `${totals.failedFiles} failed, ` : ''}${passedFiles} passed, ${totals.files} total`,
);
console.log(
  `Tests: ${totals.passed} passed, ${totals.failed} failed` +
    (totals.skipped ? `, ${totals.skipped} skipped` : ''),
);
