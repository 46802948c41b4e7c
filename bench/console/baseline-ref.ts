/**
 * `--baseline-ref REF`: the console as built from an earlier commit, measured in the same run.
 * The commit's files are unpacked (git archive) into .tmp/console-baseline-<commit>/ and
 * built there with its own scripts/build.mjs, against this checkout's node_modules: so only
 * a commit with the same package-lock.json can be built this way (otherwise build it in a
 * checkout of its own and pass --baseline). Kept for later runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The bundle of `ref` (built once); throws when `ref`'s dependencies are not this checkout's. */
export function buildBaselineRef(root: string, ref: string, log: (line: string) => void): { readonly bundle: string; readonly commit: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  const commit = git('rev-parse', '--short', `${ref}^{commit}`).trim();
  const lock = git('show', `${commit}:package-lock.json`);
  if (lock !== readFileSync(join(root, 'package-lock.json'), 'utf8')) {
    throw new Error(`--baseline-ref ${ref}: its package-lock.json differs from this checkout's; build it in a checkout of its own and pass --baseline PATH.`);
  }
  const tree = join(root, '.tmp', `console-baseline-${commit}`);
  const bundle = join(tree, 'dist', 'returns-console.js');
  if (!existsSync(bundle)) {
    mkdirSync(tree, { recursive: true });
    log(`baseline: unpacking ${commit} into ${tree} and building it`);
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${tree}"`], { cwd: root });
    if (!existsSync(join(tree, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: tree, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return { bundle, commit };
}
