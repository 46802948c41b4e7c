/**
 * A config file written to hurt (by someone who can write it, or pasted from somewhere): keys
 * named __proto__, escape sequences and bidi controls in scope, action, key and view texts,
 * thousands of keys for one action. Every command refuses what it cannot use (exit 2, each
 * problem named) and nothing it prints carries a byte a terminal acts on. The console side:
 * test/e2e/hostile-config.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protoKeyPath } from '../../src/cli/config/config-file.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { runInProcess } from './helpers/cli-run.js';
import { tempDir } from './helpers/test-factory.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(() => sandbox.close());

/** A private config file of exactly `text`; the environment to use it. */
function withConfig(text: string): Record<string, string> {
  const home = tempDir();
  mkdirSync(join(home, 'returns-console'));
  writeFileSync(join(home, 'returns-console', 'config.json'), text, { mode: 0o600 });
  return { XDG_CONFIG_HOME: home, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north };
}

/** Bytes a terminal acts on: ESC, BEL, C1 controls, bidi overrides and isolates. */
const TERMINAL_CONTROLS = /[\u0007\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('keys named __proto__', () => {
  it.each([
    ['a scope', '{"keybindings":{"__proto__":{"quit":"x"}}}', 'keybindings.__proto__'],
    ['an action', '{"keybindings":{"list":{"__proto__":"x"}}}', 'keybindings.list.__proto__'],
    ['a view', '{"views":{"ok":{"limit":2},"__proto__":{"limit":5}}}', 'views.__proto__'],
    ['a profile', '{"profiles":{"__proto__":{"base_url":"http://127.0.0.1:1/public-api/v1"}}}', 'profiles.__proto__'],
  ])('as %s are refused, naming where (they would vanish unseen, or change what others inherit)', async (_name, text, path) => {
    const env = withConfig(text);
    for (const [command, argv] of [['config', []], ['list', []]] as const) {
      const r = await runInProcess(command, [...argv], { env });
      expect(r.code, `${command}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`  ${path}: a key named __proto__ is not allowed`);
    }
  });

  it('are found at any depth, and only as keys', () => {
    expect(protoKeyPath(JSON.parse('{"a":[{"b":{"__proto__":1}}]}'))).toBe('a.0.b.__proto__');
    expect(protoKeyPath(JSON.parse('{"a":"__proto__","b":["__proto__"]}'))).toBeNull();
  });
});

describe('escape sequences and bidi controls in the config', () => {
  const hostile = '\u001b]0;pwned\u0007\u001b[2J\u202e\u009b';
  it.each([
    ['a scope name', { keybindings: { [hostile]: { refresh: 'R' } } }],
    ['an action name', { keybindings: { list: { [hostile]: 'R' } } }],
    ['a key name', { keybindings: { list: { refresh: hostile } } }],
    ['a view name', { views: { [hostile]: { limit: 2 } } }],
    ['a view column', { views: { v: { columns: [hostile] } } }],
  ])('in %s: refused, and the error names it without a byte a terminal acts on (text and JSON)', async (_name, config) => {
    const env = withConfig(JSON.stringify(config));
    const text = await runInProcess('list', [], { env });
    expect(text.code).toBe(2);
    expect(text.stderr).not.toMatch(TERMINAL_CONTROLS);
    const json = await runInProcess('list', ['--json'], { env });
    expect(json.stderr).not.toMatch(TERMINAL_CONTROLS);
    expect(() => JSON.parse(json.stderr) as unknown).not.toThrow();
  });

  it('in a view\'s order names (valid, sent as typed): shown by config without them, and listed', async () => {
    const env = withConfig(JSON.stringify({ views: { v: { order_names: [`${hostile}#N1000`, '#N1000'] } } }));
    const shown = await runInProcess('config', [], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^view v\s+order_names /m);
    expect(shown.stdout).not.toMatch(TERMINAL_CONTROLS);
    const listed = await runInProcess('list', ['--view', 'v', '--fields', 'id'], { env });
    expect([listed.code, listed.stdout.trim()]).toEqual([0, '1000']);
  });
});

describe('too much', () => {
  it('thousands of keys for one action are refused (the footer and help list them)', async () => {
    const env = withConfig(JSON.stringify({ keybindings: { list: { refresh: Array.from({ length: 5000 }, () => 'R') } } }));
    const r = await runInProcess('config', [], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('keybindings.list.refresh: give at most 8 keys (5000 given)');
  });

  it('a config file over 4 MiB is refused unread', async () => {
    const env = withConfig(`{"views":{"v":{"order_names":["${'x'.repeat(5 * 1024 * 1024)}"]}}}`);
    const r = await runInProcess('config', [], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: Cannot read config file .*: EFBIG/);
  });
});
