// The commit-message rule (docs: README "Working on it"): a subject of at most 72 characters, then,
// when there is a body, a blank line before it. Git's own generated subjects (merges, reverts) may
// be longer; fixup!/squash!/amend! subjects are checked without their prefix.
// Usage: node scripts/git-hooks/commit-msg-check.js <message file>  (the commit-msg hook runs it)
const { readFileSync } = require('node:fs');

const MAX_SUBJECT = 72;
const SCISSORS = /^# -+ >8 -+$/;
const GENERATED =
  /^(Merge (branch|remote-tracking branch|tag|pull request|commit) |Merge [0-9a-f]{7,40}|Revert ")/;
const AUTOSQUASH = /^((fixup|squash|amend)! )+/;

/** The message as git will store it: comment lines and everything below the scissors dropped. */
function cleaned(text) {
  const lines = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (SCISSORS.test(line)) break;
    if (line.startsWith('#')) continue;
    lines.push(line.replace(/\s+$/, ''));
  }
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** What is wrong with a commit message; empty when it may be committed. */
function checkCommitMessage(text) {
  const lines = cleaned(text);
  if (lines.length === 0) return ['the message is empty'];
  const problems = [];
  const subject = lines[0];
  const checked = subject.replace(AUTOSQUASH, '');
  const length = [...checked].length;
  if (!GENERATED.test(checked) && length > MAX_SUBJECT) {
    problems.push(
      `the subject is ${length} characters; keep it to ${MAX_SUBJECT} (what changed) and put the why in the body`,
    );
  }
  if (lines.length > 1 && lines[1] !== '') {
    problems.push('the subject must be one line, followed by a blank line before the body');
  }
  return problems;
}

module.exports = { checkCommitMessage, MAX_SUBJECT };

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: commit-msg-check.js <commit message file>');
    process.exit(2);
  }
  const problems = checkCommitMessage(readFileSync(file, 'utf8'));
  if (problems.length) {
    console.error('commit message refused:');
    for (const p of problems) console.error(`  - ${p}`);
    console.error(`(your message is kept in ${file}; git commit -e -F ${file} edits it again)`);
    process.exit(1);
  }
}
