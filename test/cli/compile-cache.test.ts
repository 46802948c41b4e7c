/**
 * Node's compile cache for the CLI (src/cli/compile-cache.ts): where it goes, that the built
 * bin fills it and reads it, and that it can never get in the way (turned off, or a
 * directory that cannot be made).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheDir } from '../../src/cli/compile-cache.js';
import { assertBuilt, BUILT_CONSOLE } from '../helpers/pty.js';
import { tempDir } from './helpers/test-factory.js';

/** The built bin's `--version`, with only `env` (and PATH). */
function version(env: Record<string, string>) {
  assertBuilt();
  return spawnSync(process.execPath, [BUILT_CONSOLE, '--version'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
}

/** Every file under `dir` (none when it does not exist). */
function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

describe('compile cache', () => {
  it('lives in the user\u2019s own cache directory, or where NODE_COMPILE_CACHE says', () => {
    expect(compileCacheDir({}, '/home/ana')).toBe('/home/ana/.cache/returns-console/compile-cache');
    expect(compileCacheDir({ XDG_CACHE_HOME: '/var/cache/ana' }, '/home/ana')).toBe('/var/cache/ana/returns-console/compile-cache');
    expect(compileCacheDir({ XDG_CACHE_HOME: '' }, '/home/ana')).toBe('/home/ana/.cache/returns-console/compile-cache');
    expect(compileCacheDir({ NODE_COMPILE_CACHE: '/tmp/mine', XDG_CACHE_HOME: '/x' }, '/home/ana')).toBe('/tmp/mine');
  });

  it('is filled by the built bin at exit and read by the next run, which works the same', () => {
    const home = tempDir('rc-cache-home-');
    const first = version({ HOME: home });
    expect(first.status).toBe(0);
    const cached = filesUnder(join(home, '.cache', 'returns-console', 'compile-cache'));
    expect(cached.length).toBeGreaterThan(0);
    const second = version({ HOME: home });
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('');
  });

  it('stays off with NODE_DISABLE_COMPILE_CACHE=1, and a cache directory that cannot be made changes nothing', () => {
    const home = tempDir('rc-cache-home-');
    const off = version({ HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(off.status).toBe(0);
    expect(filesUnder(join(home, '.cache'))).toEqual([]);
    const blocked = join(home, 'not-a-directory');
    writeFileSync(blocked, '');
    const r = version({ HOME: home, XDG_CACHE_HOME: blocked });
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 0, stdout: off.stdout, stderr: '' });
  });

  it('is not used in a directory others could change: a world-writable parent, an open cache directory, another owner; one line says why', () => {
    const off = version({ HOME: tempDir('rc-cache-home-'), NODE_DISABLE_COMPILE_CACHE: '1' });
    const refused = (env: Record<string, string>, cacheDir: string) => {
      const r = version(env);
      expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: off.stdout });
      const lines = r.stderr.split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^note: the compile cache is not used: .*\. Fix: .*\(It only speeds up the start\.\)$/);
      expect(filesUnder(cacheDir)).toEqual([]);
      return lines[0]!;
    };
    // XDG_CACHE_HOME in a tree anyone can write to (no sticky bit): our directory could be swapped.
    const open = tempDir('rc-cache-open-');
    chmodSync(open, 0o777);
    expect(refused({ HOME: tempDir('rc-cache-home-'), XDG_CACHE_HOME: open }, open)).toContain(`${open}, a parent of the compile cache directory, can be written to by group and others`);
    // The cache directory itself left open to others.
    const cache = tempDir('rc-cache-xdg-');
    const dir = join(cache, 'returns-console', 'compile-cache');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o777);
    expect(refused({ HOME: tempDir('rc-cache-home-'), XDG_CACHE_HOME: cache }, dir)).toContain(`the compile cache directory ${dir} has permissions 0777`);
    if (process.getuid?.() === 0) {
      // Owned by another user (only root can make one here).
      const theirs = tempDir('rc-cache-theirs-');
      const planted = join(theirs, 'returns-console', 'compile-cache');
      mkdirSync(planted, { recursive: true, mode: 0o700 });
      chownSync(planted, 12345, 12345);
      expect(refused({ HOME: tempDir('rc-cache-home-'), XDG_CACHE_HOME: theirs }, planted)).toContain('belongs to another user (uid 12345)');
    }
  });

  it('is used under a sticky shared directory (as /tmp) when its own directories are private', () => {
    const shared = tempDir('rc-cache-sticky-');
    chmodSync(shared, 0o1777);
    const r = version({ HOME: tempDir('rc-cache-home-'), XDG_CACHE_HOME: shared });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(filesUnder(join(shared, 'returns-console', 'compile-cache')).length).toBeGreaterThan(0);
  });
});
