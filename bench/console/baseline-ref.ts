/**
 * `--baseline-ref REF`: the console as built from an earlier commit, measured in the same run.
 * The commit's files are unpacked (git archive) into .tmp/console-baseline-<commit>/ and
 * built there with its own scripts/build.mjs: against this checkout's node_modules when the
 * commit has the same package-lock.json, else against its own, installed there from its
 * lockfile (`npm ci`, no install scripts: the build needs none). Kept for later runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The bundle of `ref` (built once, its dependencies installed when they are not this checkout's). */
export function buildBaselineRef(root: string, ref: string, log: (line: string) => void): { readonly bundle: string; readonly commit: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  const commit = git('rev-parse', '--short', `${ref}^{commit}`).trim();
  const isSameLock = git('show', `${commit}:package-lock.json`) === readFileSync(join(root, 'package-lock.json'), 'utf8');
  const tree = join(root, '.tmp', `console-baseline-${commit}`);
  const bundle = join(tree, 'dist', 'returns-console.js');
  if (!existsSync(bundle)) {
    mkdirSync(tree, { recursive: true });
    log(`baseline: unpacking ${commit} into ${tree} and building it`);
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${tree}"`], { cwd: root });
    // node_modules may be there from an earlier run that did not get to build.
    if (!existsSync(join(tree, 'node_modules'))) {
      if (isSameLock) {
        symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
      } else {
        log(`baseline: ${commit} has other dependencies; installing them from its package-lock.json`);
        execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: tree, stdio: ['ignore', 'inherit', 'inherit'] });
      }
    }
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: tree, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return { bundle, commit };
}
