/**
 * The bin starts with a plain `#!/usr/bin/env node` (`env -S` is missing on busybox and the
 * BSDs), `npm start` runs the bin as users run it, and the console's V8 settings, applied at
 * run time, still cap the young generation the way `--max-semi-space-size` did on the
 * command line. (`npm test` builds dist/ before the tests run.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SEMI_SPACE_MB } from '../../src/cli/commands/console/v8-flags.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The young generation's usual size (MiB, the median over 40 event-loop turns) in a child that
 * allocates like frames do, in bursts between turns. The median, not the peak: Node 24 and 26
 * add pages to the new space for a turn or two even under `--max-semi-space-size=4` on the
 * command line, then shrink it back (docs/performance.md, "Memory").
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
    // Node 26 holds it above 2 x MAX_SEMI_SPACE_MB, hence the margin (docs/performance.md, "Memory").
    expect(capped).toBeLessThanOrEqual(4 * MAX_SEMI_SPACE_MB);
    expect(capped).toBeLessThanOrEqual(uncapped / 2);
  }, 60_000);
});
