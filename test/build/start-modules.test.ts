/**
 * What the built bin loads, recorded in the process itself (test/helpers/record-modules.mjs):
 * the console's start comes in a few files (scripts/chunk-groups.mjs), and no command loads
 * the console's UI or the sandbox it does not run.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../helpers/fixture.js';
import { startConsoleAt } from '../helpers/console-session.js';
import { assertBuilt, BUILT_CONSOLE } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { tempDir } from '../cli/helpers/test-factory.js';

const HOOK = resolve(import.meta.dirname, '../helpers/record-modules.mjs');

let sandbox: TestSandbox;
beforeAll(async () => {
  assertBuilt();
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

/** The environment that makes a run of the bin record its modules into a new file. */
function recording(): { env: Record<string, string>; loaded: () => string[] } {
  const file = join(tempDir('rc-modules-'), 'loaded.txt');
  return {
    env: { NODE_OPTIONS: `--import=${HOOK}`, RC_RECORD_MODULES: file, RC_RECORD_MODULES_UNDER: dirname(BUILT_CONSOLE) },
    loaded: () => readFileSync(file, 'utf8').split('\n').filter(Boolean),
  };
}

/** The bin run as a command (asynchronously: the sandbox answers in this process), recording what it loads. */
async function command(args: string[]): Promise<string[]> {
  const record = recording();
  const home = tempDir('rc-modules-home-');
  const { stderr } = await promisify(execFile)(process.execPath, [BUILT_CONSOLE, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, 'config'), RETURNS_API_KEY: KEYS.north, ...record.env },
    encoding: 'utf8',
  });
  expect(stderr).toBe('');
  return record.loaded();
}

const UI = /^chunks\/ui-/;
const CONSOLE = /^chunks\/console-/;
const SANDBOX = /^chunks\/sandbox-/;

describe('modules the built bin loads', { timeout: 60_000 }, () => {
  it('starts the console from a dozen files at most, without the sandbox', async () => {
    const record = recording();
    const session = startConsoleAt(sandbox.url, { env: record.env });
    await session.waitForText('#N1025');
    session.write('q');
    expect((await session.exited).exitCode).toBe(0);
    const loaded = record.loaded();
    expect(loaded).toContain('returns-console.js');
    expect(loaded.filter((f) => UI.test(f))).toHaveLength(1);
    expect(loaded.filter((f) => SANDBOX.test(f))).toEqual([]);
    // esbuild's chunks as they were: 56 files (docs/benchmarks.md, "Console start-up").
    expect(loaded.filter((f) => !f.startsWith('node:')).length).toBeLessThanOrEqual(12);
  });

  it('runs a command without the console or its UI', async () => {
    const list = await command(['list', '--limit', '1', '--base-url', sandbox.url]);
    expect(list.filter((f) => UI.test(f) || CONSOLE.test(f) || SANDBOX.test(f))).toEqual([]);
    expect(list.filter((f) => !f.startsWith('node:')).length).toBeLessThanOrEqual(10);
    // Only a key_command runs a process: the commands do not load node:child_process for it.
    expect(list).not.toContain('node:child_process');
    const version = await command(['--version']);
    expect(version.filter((f) => UI.test(f) || CONSOLE.test(f) || SANDBOX.test(f) || /^chunks\/client-/.test(f))).toEqual([]);
  });
});
