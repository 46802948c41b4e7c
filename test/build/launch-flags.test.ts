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

/** The young generation's largest size (MiB) in a child that allocates like frames do, in bursts between event-loop turns. */
function youngGenerationPeakMb(isApplied: boolean): number {
  const script = `
    import { applyConsoleV8Flags, youngGenerationBytes } from ${JSON.stringify(resolve(ROOT, 'src/cli/commands/console/v8-flags.ts'))};
    if (${isApplied}) applyConsoleV8Flags();
    let kept = [], peak = 0;
    for (let turn = 0; turn < 40; turn++) {
      for (let i = 0; i < 20000; i++) { const o = { i, text: 'row ' + i, cells: [i, i] }; if (i % 3 === 0) kept.push(o); if (kept.length > 100000) kept = []; }
      peak = Math.max(peak, youngGenerationBytes());
      await new Promise((r) => setImmediate(r));
    }
    console.log(peak / 1048576);`;
  return Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe('launch', () => {
  it("the bin's shebang is plain `#!/usr/bin/env node`", () => {
    const firstLine = readFileSync(resolve(ROOT, 'dist/returns-console.js'), 'utf8').split('\n')[0];
    expect(firstLine).toBe('#!/usr/bin/env node');
  });

  it('npm start runs the bin', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(pkg.scripts.start).toBe(pkg.bin['returns-console']);
  });

  it('the console V8 settings keep the young generation near its cap, a fraction of what V8 grows it to by default', () => {
    const uncapped = youngGenerationPeakMb(false);
    const capped = youngGenerationPeakMb(true);
    expect(uncapped).toBeGreaterThan(4 * MAX_SEMI_SPACE_MB);
    // Node 22 holds it at exactly 2 x MAX_SEMI_SPACE_MB; newer V8 sizes its new space more loosely around the cap.
    expect(capped).toBeLessThanOrEqual(5 * MAX_SEMI_SPACE_MB);
    expect(capped).toBeLessThan(uncapped / 2);
  }, 60_000);
});
