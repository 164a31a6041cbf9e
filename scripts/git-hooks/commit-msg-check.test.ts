import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkCommitMessage } from './commit-msg-check';
import { install } from './install';

const subjectOf = (n: number) => 'x'.repeat(n);

describe('the commit-message check', () => {
  it('accepts a subject of up to 72 characters, alone or with a body after a blank line', () => {
    expect(checkCommitMessage('admin: one file per moderation use case\n')).toEqual([]);
    expect(checkCommitMessage(`${subjectOf(72)}\n\nWhy it changed.\nMore of why.\n`)).toEqual([]);
    // Characters, not bytes.
    expect(checkCommitMessage(`${'é'.repeat(72)}\n`)).toEqual([]);
  });

  it('refuses a subject over 72 characters, saying how long it is', () => {
    const problems = checkCommitMessage(`${subjectOf(73)}\n\nbody\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/73 characters; keep it to 72/);
  });

  it('refuses a body that starts right under the subject', () => {
    expect(checkCommitMessage('short subject\nbody without a blank line\n')).toEqual([
      'the subject must be one line, followed by a blank line before the body',
    ]);
  });

  it('refuses an empty message', () => {
    expect(checkCommitMessage('\n# only a comment\n\n')).toEqual(['the message is empty']);
  });

  it('reads the message as git stores it: comments and the verbose diff below the scissors dropped', () => {
    const msg = [
      '',
      'a good subject',
      '',
      'the why',
      '# Please enter the commit message for your changes.',
      '# ------------------------ >8 ------------------------',
      `diff --git a/x b/x with a very long line ${subjectOf(100)}`,
    ].join('\n');
    expect(checkCommitMessage(msg)).toEqual([]);
  });

  it("lets git's generated merge and revert subjects be longer", () => {
    const long = subjectOf(90);
    expect(checkCommitMessage(`Merge branch '${long}' into main\n`)).toEqual([]);
    expect(checkCommitMessage(`Merge remote-tracking branch 'origin/${long}'\n`)).toEqual([]);
    expect(checkCommitMessage(`Revert "${long}"\n\nThis reverts commit abc1234.\n`)).toEqual([]);
    // A merge still needs the blank line before its body.
    expect(checkCommitMessage(`Merge branch 'wip'\nbody`)).toHaveLength(1);
  });

  it('checks fixup!, squash! and amend! subjects without their prefix', () => {
    expect(checkCommitMessage(`fixup! ${subjectOf(72)}\n`)).toEqual([]);
    expect(checkCommitMessage(`fixup! fixup! ${subjectOf(72)}\n`)).toEqual([]);
    expect(checkCommitMessage(`squash! ${subjectOf(72)}\n\nmore\n`)).toEqual([]);
    expect(checkCommitMessage(`amend! ${subjectOf(73)}\n`)).toHaveLength(1);
  });
});

describe('the commit-msg hook', () => {
  const hook = path.join(__dirname, 'commit-msg');
  const run = (message: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'commit-msg-')), 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    return spawnSync('sh', [hook, file], { encoding: 'utf8' });
  };

  it('exits 0 for a good message and 1, with the reason, for a long subject', () => {
    expect(run('a good subject\n\nthe why\n').status).toBe(0);
    const refused = run(`${subjectOf(80)}\n`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/commit message refused:[\s\S]*80 characters/);
  });
});

describe('installing the hook', () => {
  const git = (cwd: string, ...args: string[]) =>
    spawnSync('git', args, { cwd, encoding: 'utf8' }).stdout.trim();

  it('writes commit-msg only, leaves other hooks alone and never replaces a foreign one', () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'hooks-'));
    git(repo, 'init', '-q');
    const hooks = path.resolve(repo, git(repo, 'rev-parse', '--git-path', 'hooks'));
    const preCommit = path.join(hooks, 'pre-commit');
    writeFileSync(preCommit, '#!/bin/sh\nexit 0\n');
    chmodSync(preCommit, 0o755);

    expect(install(repo)).toMatch(/installed/);
    expect(readFileSync(path.join(hooks, 'commit-msg'), 'utf8')).toMatch(/scripts\/git-hooks/);
    expect(readFileSync(preCommit, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
    // Again: the project's own hook is rewritten in place.
    expect(install(repo)).toMatch(/installed/);

    writeFileSync(path.join(hooks, 'commit-msg'), '#!/bin/sh\n# mine\n');
    expect(install(repo)).toMatch(/left as it is/);
    expect(readFileSync(path.join(hooks, 'commit-msg'), 'utf8')).toBe('#!/bin/sh\n# mine\n');
  });

  it('does nothing outside a git checkout', () => {
    expect(install(mkdtempSync(path.join(tmpdir(), 'no-git-')))).toMatch(/no git checkout/);
  });
});
