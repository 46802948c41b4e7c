/**
 * `--baseline-ref REF`: an earlier version of the sandbox (e.g. the better-sqlite3 store of
 * cdb466b) measured in the same run as the current one. The commit is checked out as a git
 * worktree in .tmp/ and installed with `npm ci` under the Node that runs the benchmark;
 * both are kept for later runs. Its own bench/sandbox/children/sandbox-child.ts is the
 * server child, so it runs that version's sources with that version's dependencies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BaselineTree {
  /** The commit as given and its short hash. */
  readonly ref: string;
  readonly commit: string;
  /** The worktree's root (holds node_modules and bench/sandbox/children/). */
  readonly root: string;
  /** What the store is, for the report (e.g. "better-sqlite3 12.6.2, SQLite 3.53.2"). */
  readonly store: string;
  readonly sqlite: string;
}

/** Checks out and installs `ref` under `<root>/.tmp/` (reused when already there). */
export function prepareBaselineTree(root: string, ref: string, log: (line: string) => void): BaselineTree {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  const tree = join(root, '.tmp', `bench-baseline-${commit}`);
  if (!existsSync(join(tree, '.git'))) {
    mkdirSync(join(root, '.tmp'), { recursive: true });
    log(`baseline: git worktree add ${tree} ${commit}`);
    git('worktree', 'add', '--detach', tree, commit);
  }
  // One stamp per Node version: native dependencies are built for the Node that installs them.
  const stamp = join(tree, 'node_modules', `.installed-node-${process.versions.node}`);
  if (!existsSync(stamp)) {
    log(`baseline: npm ci in ${tree} under Node ${process.versions.node} (builds native dependencies; minutes)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(stamp, '');
  }
  // Which store that version uses: better-sqlite3 (up to cdb466b) or Node's own node:sqlite.
  const probe = execFileSync(
    process.execPath,
    [
      '-e',
      `try {
         const D = require('better-sqlite3');
         const v = new D(':memory:').prepare('SELECT sqlite_version() AS v').get().v;
         console.log('better-sqlite3 ' + require('better-sqlite3/package.json').version + '|' + v);
       } catch {
         console.log('node:sqlite|' + process.versions.sqlite);
       }`,
    ],
    { cwd: tree, encoding: 'utf8' },
  ).trim();
  const [store, sqlite] = probe.split('|') as [string, string];
  return { ref, commit, root: tree, store, sqlite };
}
