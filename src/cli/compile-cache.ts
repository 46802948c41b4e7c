/**
 * Node's compile cache for the CLI's own modules: V8 keeps the code it compiled for each
 * module on disk when a process exits, and the next launch reads it instead of compiling
 * again (docs/benchmarks.md, "Console start-up").
 * Only a speed-up, and the code in it runs at the next launch: the directory must be as
 * private as the state directory (this user's, writable by no one else, and no parent that
 * another user could swap it in), otherwise it is not used and one line on stderr says why.
 * A directory that cannot be made is skipped silently. NODE_DISABLE_COMPILE_CACHE=1 turns it
 * off (Node's own switch); NODE_COMPILE_CACHE names another directory, as for any Node tool,
 * and Node uses that one before this code runs.
 */
import { mkdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { ancestorDirProblem, privateDirProblem, type DirProblem } from '../local/private-dir.js';

/**
 * The cache directory: $NODE_COMPILE_CACHE, else $XDG_CACHE_HOME/returns-console/compile-cache,
 * else ~/.cache/returns-console/compile-cache (the user's own, not a directory in /tmp that
 * other users can write to).
 */
export function compileCacheDir(env: Readonly<Record<string, string | undefined>>, homeDir: string): string {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  return join(env.XDG_CACHE_HOME || join(homeDir, '.cache'), 'returns-console', 'compile-cache');
}

const NAMES = { what: 'the compile cache directory', elsewhere: 'set XDG_CACHE_HOME' };

/**
 * Why `dir` must not hold code this user runs, or null: the directory and its
 * returns-console parent are checked as the state directory is, every further parent for
 * another owner or a write by others without the sticky bit. `uid` undefined (Windows) checks nothing.
 */
export function compileCacheProblem(dir: string, uid: number | undefined): DirProblem | null {
  const own = privateDirProblem(NAMES, dir, statSync(dir), uid) ?? privateDirProblem(NAMES, dirname(dir), statSync(dirname(dir)), uid);
  if (own) return own;
  for (let at = dirname(dirname(dir)); ; at = dirname(at)) {
    const problem = ancestorDirProblem(NAMES, at, statSync(at), uid);
    if (problem) return problem;
    if (dirname(at) === at) return null;
  }
}

/**
 * Turns the compile cache on for every module loaded from now on (the commands, the console
 * and the libraries are loaded after the entry, so all of them), when its directory is
 * private; otherwise writes one line to `stderr`. Never throws.
 */
export function enableCompileCache(env: Readonly<Record<string, string | undefined>> = process.env, stderr: { write(text: string): unknown } = process.stderr): void {
  if (env.NODE_DISABLE_COMPILE_CACHE || env.NODE_COMPILE_CACHE || typeof module.enableCompileCache !== 'function') return;
  const dir = compileCacheDir(env, homedir());
  let problem: DirProblem | null;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    problem = compileCacheProblem(dir, process.platform === 'win32' ? undefined : process.getuid?.());
  } catch {
    // A start-up speed-up only: a directory that cannot be made changes nothing.
    return;
  }
  if (problem) {
    stderr.write(`note: the compile cache is not used: ${problem.message}. Fix: ${problem.fix}. (It only speeds up the start.)\n`);
    return;
  }
  try {
    module.enableCompileCache(dir);
  } catch {
    // As above: without it everything works as before.
  }
}
