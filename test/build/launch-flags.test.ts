/**
 * The console starts with its V8 flags on node's command line however it is launched: the
 * built bin's shebang carries CONSOLE_V8_FLAGS (the one list), and `npm start` runs the bin.
 * (`npm test` builds dist/ before the tests run.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_V8_FLAGS } from '../../src/cli/commands/console/v8-flags.js';

describe('launch flags', () => {
  it("the bin's shebang passes CONSOLE_V8_FLAGS to node", () => {
    const firstLine = readFileSync(new URL('../../dist/returns-console.js', import.meta.url), 'utf8').split('\n')[0];
    expect(firstLine).toBe(`#!/usr/bin/env -S node ${CONSOLE_V8_FLAGS.join(' ')}`);
  });

  it('npm start runs the bin', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(pkg.scripts.start).toBe(pkg.bin['returns-console']);
  });
});
