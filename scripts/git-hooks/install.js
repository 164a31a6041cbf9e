// npm install's `prepare` step: installs the project's commit-msg hook into this clone's hooks
// folder (git's own, or core.hooksPath), as a small script that runs the committed one. Other
// hooks are left alone, a commit-msg hook of someone's own is not replaced, and outside a git
// checkout (an unpacked tarball, a container build) it does nothing.
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, writeFileSync, chmodSync, mkdirSync } = require('node:fs');
const path = require('node:path');

const MARK = '# installed by scripts/git-hooks/install.js';
const hook = `#!/bin/sh
${MARK}: runs the project's commit-msg check (scripts/git-hooks/commit-msg).
root=$(git rev-parse --show-toplevel) || exit 0
[ -f "$root/scripts/git-hooks/commit-msg" ] || exit 0
exec sh "$root/scripts/git-hooks/commit-msg" "$@"
`;

function gitHooksDir(cwd) {
  try {
    const dir = execFileSync('git', ['rev-parse', '--git-path', 'hooks'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return path.resolve(cwd, dir);
  } catch {
    return undefined;
  }
}

function install(cwd = path.resolve(__dirname, '..', '..')) {
  const dir = gitHooksDir(cwd);
  if (!dir) return 'no git checkout: nothing installed';
  const target = path.join(dir, 'commit-msg');
  if (existsSync(target) && !readFileSync(target, 'utf8').includes(MARK)) {
    return `${target} exists and is not the project's: left as it is`;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(target, hook);
  chmodSync(target, 0o755);
  return `commit-msg hook installed in ${target}`;
}

module.exports = { install };

if (require.main === module) console.log(install());
