/**
 * The bin starts with a plain `#!/usr/bin/env node` (`env -S` is missing on busybox and the
 * BSDs), `npm start` runs the bin as users run it, and the console's V8 settings, applied at
 * run time, still cap the young generation the way `--max-semi-space-size` did on the
 * command line and compile its start-up code whole. (`npm test` builds dist/ before the
 * tests run.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_SEMI_SPACE_MB } from '../../src/cli/commands/console/v8-flags.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The young generation's usual size (MiB, the median over 40 event-loop turns) in a child that
 * allocates like frames do, in bursts between turns. The median, not the peak: Node 24 and 26
 * add pages to the new space for a turn or two even under `--max-semi-space-size=4` on the
 * command line (peaks of 20-28 MiB measured), then shrink it back.
 */
function youngGenerationMedianMb(isApplied: boolean): number {
  const script = `
    import { applyConsoleV8Flags, youngGenerationBytes } from ${JSON.stringify(resolve(ROOT, 'src/cli/commands/console/v8-flags.ts'))};
    if (${isApplied}) applyConsoleV8Flags();
    let kept = [];
    const sizes = [];
    for (let turn = 0; turn < 40; turn++) {
      for (let i = 0; i < 20000; i++) { const o = { i, text: 'row ' + i, cells: [i, i] }; if (i % 3 === 0) kept.push(o); if (kept.length > 100000) kept = []; }
      sizes.push(youngGenerationBytes());
      await new Promise((r) => setImmediate(r));
    }
    sizes.sort((a, b) => a - b);
    console.log(sizes[sizes.length >> 1] / 1048576);`;
  return Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

/** This environment without the variables that turn Node's compile cache on or off. */
function withoutCompileCacheEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  return env;
}

/**
 * Bytes of Node's compile cache for two modules of 300 functions that never run, in a child:
 * the first loaded while compileEagerly() is on (unless `isEager` is false), the second after
 * its end(). The cache holds what V8 compiled with each module.
 */
function compileCacheBytes(isEager: boolean): { readonly during: number; readonly after: number } {
  const dir = mkdtempSync(join(tmpdir(), 'rc-eager-'));
  const fixture = (name: string) => {
    const path = join(dir, `${name}.mjs`);
    const fns = Array.from({ length: 300 }, (_, i) => `export function f${i}(a, b) { const s = [a, b, ${i}].map((x) => String(x) + '${name}'); return s.join('-').length * ${i}; }`);
    writeFileSync(path, fns.join('\n'));
    return path;
  };
  const [during, after] = [fixture('during'), fixture('after')];
  const script = `
    import module from 'node:module';
    import { readdirSync, statSync } from 'node:fs';
    import { join } from 'node:path';
    const cacheDir = ${JSON.stringify(join(dir, 'cache'))};
    module.enableCompileCache(cacheDir);
    const { compileEagerly } = await import(${JSON.stringify(resolve(ROOT, 'src/cli/commands/console/v8-flags.ts'))});
    const sizes = () => { module.flushCompileCache(); const sub = join(cacheDir, readdirSync(cacheDir)[0]); return readdirSync(sub).reduce((sum, f) => sum + statSync(join(sub, f)).size, 0); };
    const eager = ${isEager} ? compileEagerly() : { end() {} };
    const before = sizes();
    await import(${JSON.stringify(pathToFileURL(during).href)});
    const withDuring = sizes();
    eager.end();
    await import(${JSON.stringify(pathToFileURL(after).href)});
    console.log(JSON.stringify({ during: withDuring - before, after: sizes() - withDuring }));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', env: withoutCompileCacheEnv() })) as { during: number; after: number };
}

/** Heap bytes a module of 300 functions that never run takes when loaded under compileEagerly() (its bytecode), in a child. */
function bytecodeBytes(isCacheOn: boolean): number {
  const dir = mkdtempSync(join(tmpdir(), 'rc-eager-'));
  const path = join(dir, 'fns.mjs');
  writeFileSync(path, Array.from({ length: 300 }, (_, i) => `export function f${i}(a) { return [a, ${i}].map((x) => String(x)).join('-').length; }`).join('\n'));
  const script = `
    import module from 'node:module';
    if (${isCacheOn}) module.enableCompileCache(${JSON.stringify(join(dir, 'cache'))});
    const { compileEagerly } = await import(${JSON.stringify(resolve(ROOT, 'src/cli/commands/console/v8-flags.ts'))});
    const eager = compileEagerly();
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    const fns = await import(${JSON.stringify(pathToFileURL(path).href)});
    globalThis.gc();
    console.log(process.memoryUsage().heapUsed - before + (fns ? 0 : 1));
    eager.end();`;
  return Number(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', env: withoutCompileCacheEnv() }));
}

describe('launch', () => {
  it("the bin's shebang is plain `#!/usr/bin/env node`", () => {
    const firstLine = readFileSync(resolve(ROOT, 'dist/returns-console.js'), 'utf8').split('\n')[0];
    expect(firstLine).toBe('#!/usr/bin/env node');
  });

  it('npm start runs the bin (with a supported Node: scripts/run-node.mjs)', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node scripts/run-node.mjs ${pkg.bin['returns-console']}`);
  });

  it('npm run dev builds the bundle and runs it, so a checkout runs the patched code that ships', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(pkg.scripts.dev).toBe(`node scripts/run-node.mjs scripts/build.mjs && ${pkg.scripts.start}`);
  });

  it('the console V8 settings keep the young generation near its cap, a fraction of what V8 grows it to by default', () => {
    const uncapped = youngGenerationMedianMb(false);
    const capped = youngGenerationMedianMb(true);
    expect(uncapped).toBeGreaterThan(4 * MAX_SEMI_SPACE_MB);
    // Measured medians: Node 22 and 24 hold it at 2 x MAX_SEMI_SPACE_MB (8), Node 26 at 12;
    // uncapped, 30-64.
    expect(capped).toBeLessThanOrEqual(4 * MAX_SEMI_SPACE_MB);
    expect(capped).toBeLessThanOrEqual(uncapped / 2);
  }, 60_000);

  it("compiles what loads during the console's start whole, so the compile cache holds it, and only until end()", () => {
    const lazy = compileCacheBytes(false);
    const eager = compileCacheBytes(true);
    // Lazily compiled, the cache holds each module's top level and an empty shell per function.
    expect(eager.during).toBeGreaterThan(2 * lazy.during);
    expect(eager.after).toBeLessThan(eager.during / 2);
    expect(Math.abs(eager.after - lazy.after)).toBeLessThan(lazy.after / 4);
  }, 60_000);

  it('compiles nothing whole when the compile cache is off, where it would only cost', () => {
    // Measured: with the cache 398-400 KB, without it 170 KB (the module's objects and its
    // functions' shells, as when compiled lazily).
    const on = bytecodeBytes(true);
    const off = bytecodeBytes(false);
    expect(on).toBeGreaterThan(1.6 * off);
  }, 60_000);
});
