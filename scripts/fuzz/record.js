// Writes the API fuzz's figures to bench/RESULTS.md (section "fuzz"): per token, the operations
// tested, the cases generated, the share of 2xx answers, the operations answering mostly 404, the
// failures and errors schemathesis reported, from its output in argv[2] (member.txt, admin.txt,
// and the statuses hooks.py counted, *.statuses.json); argv[3] is the cases asked per operation
// and phase.
const fs = require('node:fs');
const path = require('node:path');
const root = path.resolve(__dirname, '../..');
const { writeSection, revision } = require(path.join(root, 'bench/dist/results.js'));
const { mostlyNotFound, successShare } = require('./statuses');

const [dir, examples] = process.argv.slice(2);
const rows = [];
const details = [];
const misses = [];
for (const who of ['member', 'admin']) {
  const file = path.join(dir, `${who}.txt`);
  if (!fs.existsSync(file)) continue;
  // eslint-disable-next-line no-control-regex
  const text = fs.readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  const num = (re) => Number(re.exec(text)?.[1] ?? 0);
  const selected = num(/Operations:\s+(\d+) selected/);
  const total = num(/Operations:\s+\d+ selected \/ (\d+) total/);
  const tested = num(/Tested:\s+(\d+)/);
  const cases = num(/(\d+) generated/);
  const verdict = /={3,} (.+?) in ([\d.]+)s =+/.exec(text);
  const failures = [...text.matchAll(/^\s+❌ (ST\d+ .+?): (\d+)$/gm)].map(
    (m) => `${m[1]} (${m[2]})`,
  );
  const errors = [...text.matchAll(/^\s+🚫 (.+?): (\d+)$/gm)].map((m) => `${m[1]} (${m[2]})`);
  const failedOps = [...text.matchAll(/^_+ ((?:GET|POST|PUT|PATCH|DELETE) \S+) _+$/gm)].map(
    (m) => m[1],
  );
  const statusFile = path.join(dir, `${who}.statuses.json`);
  const statuses = fs.existsSync(statusFile) ? JSON.parse(fs.readFileSync(statusFile, 'utf8')) : {};
  const notFound = mostlyNotFound(statuses);
  rows.push(
    `| ${who} | ${tested} of ${selected} (${total} in the document) | ${cases} | ${successShare(statuses)} % | ${notFound.length} | ${failures.join(', ') || '0'} | ${errors.join(', ') || '0'} | ${verdict ? Number(verdict[2]).toFixed(0) : '?'} s |`,
  );
  if (notFound.length > 0) misses.push(`- ${who}: ${notFound.join(', ')}`);
  if (failedOps.length > 0) details.push(`- ${who}: ${[...new Set(failedOps)].join(', ')}`);
}

const body = `\`npm run test:fuzz\`: schemathesis ${'4.32.5'} over /api/openapi.json (generated from packages/contracts) against the running stack, once with a member's token and once with an admin's; phases examples, coverage and fuzzing, at most ${examples} cases per operation and phase; checks: no 5xx (not_a_server_error; Google sign-in's deliberate 501 on a server without Google is allowed, scripts/fuzz/schemathesis.toml), every answer matches its documented schema (response_schema_conformance), no stack trace or raw runtime error in a body (no_stack_trace). Left out: /api/stream (an endless event stream) and the two sign-outs (they would revoke the token the run calls with). Before the run, scripts/fuzz/accounts.js seeds what the operations with ids in their paths look for (a second member, stores, listings, a proposal and its conversation, a follow, a notification, a report, a staff admin), and the cases of those operations generated to fit the schema carry the real ids (scripts/fuzz/hooks.py; FUZZ_SEED_DATA=0 leaves them out). "2xx" is the share of all answers that succeeded; "mostly 404" counts the operations that answered 404 to more than half of their cases. Revision ${revision()}.

| token | operations tested | cases | 2xx | mostly 404 | failures | errors | time |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
${details.length > 0 ? `\nOperations with a failure or error:\n\n${details.join('\n')}\n` : ''}${misses.length > 0 ? `\nOperations answering 404 to most cases:\n\n${misses.join('\n')}\n` : ''}`;
writeSection('fuzz', body);
console.log(body);
