/**
 * The config file's keybindings and views through the commands: `config` shows the keys
 * in effect and the views, a bad binding stops every command with exit 2 naming scope, key
 * and both actions, and `list --view` applies a view (refined by the filter flags).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { runInProcess } from './helpers/cli-run.js';
import { tempDir } from './helpers/test-factory.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(() => sandbox.close());

/** Writes a private config file and returns the XDG_CONFIG_HOME to use. */
function configHome(config: unknown): string {
  const home = tempDir();
  mkdirSync(join(home, 'returns-console'));
  writeFileSync(join(home, 'returns-console', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return home;
}

const VIEWS = {
  waiting: { statuses: ['pending'], columns: ['id', 'order_name', 'pending'] },
  'reviewed-early': { statuses: ['reviewed'], to: '2026-11-01T12:00:00Z', limit: 1 },
};

describe('config shows keys and views', () => {
  it('text: one line per changed key with its source, one per view', async () => {
    const home = configHome({ keybindings: { list: { mark: 'x', 'move-down': ['<c-n>', '<down>'] }, global: { 'activity-log': '<disabled>' } }, views: VIEWS });
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/key list\.mark\s+x {2}\(config keybindings\.list\.mark\)/);
    expect(r.stdout).toMatch(/key list\.move-down\s+<c-n>, <down> {2}\(config keybindings\.list\.move-down\)/);
    expect(r.stdout).toMatch(/key global\.activity-log\s+<disabled>/);
    expect(r.stdout).toMatch(/view waiting\s+statuses pending · columns id,order_name,pending {2}\(config views\.waiting\)/);
  });

  it('text without keybindings: the built-in keys', async () => {
    const home = configHome({});
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north } });
    expect(r.stdout).toMatch(/keys\s+built-in \(press \? in the console, or see docs\/keybindings\.md\) {2}\(default\)/);
  });

  it('--json: every key of every scope with its source, and the views', async () => {
    const home = configHome({ keybindings: { order: { approve: ['<c-a>'] } }, views: VIEWS });
    const r = await runInProcess('config', ['--json'], { env: { XDG_CONFIG_HOME: home, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north } });
    const json = JSON.parse(r.stdout) as { keybindings: Record<string, Record<string, { keys: string[]; source: string }>>; views: unknown };
    expect(json.keybindings.order!.approve).toEqual({ keys: ['<c-a>'], source: 'config keybindings.order.approve' });
    expect(json.keybindings.list!['move-down']).toEqual({ keys: ['<down>', 'j'], source: 'default' });
    expect(json.keybindings.command!.complete).toEqual({ keys: ['<tab>'], source: 'default' });
    expect(json.views).toEqual(VIEWS);
  });
});

describe('a bad keybinding or view stops the commands (exit 2) with every problem named', () => {
  it('conflicts name the scope, the key and both actions; unknown names are named too', async () => {
    const home = configHome({ keybindings: { list: { mark: 'q', open: '<entr>' }, ordr: {} } });
    const r = await runInProcess('list', [], { env: { XDG_CONFIG_HOME: home, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('keybindings.list: "q" is bound to both mark and quit (global)');
    expect(r.stderr).toContain('keybindings.list.open: "<entr>" is not a key name');
    expect(r.stderr).toContain('keybindings.ordr: unknown scope "ordr"');
    expect(r.stdout).toBe('');
  });

  it('a view with an unknown status, date form or column', async () => {
    const home = configHome({ views: { bad: { statuses: ['pendng'], from: 'soon', columns: ['emial'] } } });
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: home } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('views.bad.statuses[0]: "pendng" is not a status');
    expect(r.stderr).toContain('Did you mean pending?');
    expect(r.stderr).toContain('views.bad.from: "soon" is not a date');
    expect(r.stderr).toContain('views.bad.columns[0]: "emial" is not a column');
  });

  it('view and profile names of more than 64 characters (they are shown in the header and typed at :view)', async () => {
    const long = `v${'x'.repeat(64)}`;
    const r = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: configHome({ views: { [long]: { statuses: ['pending'] } }, profiles: { [long]: {} } }) } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('view names use letters, digits, ".", "_" and "-", at most 64');
    expect(r.stderr).toContain('profile names use letters, digits, ".", "_" and "-", at most 64');
    const fits = await runInProcess('config', [], { env: { XDG_CONFIG_HOME: configHome({ views: { [long.slice(1)]: { statuses: ['pending'] } } }) } });
    expect(fits.stderr).not.toContain('view names');
  });
});

describe('list --view', () => {
  const env = (home: string) => ({ XDG_CONFIG_HOME: home, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north });

  it('applies the view’s filters and columns', async () => {
    const home = configHome({ views: VIEWS });
    const r = await runInProcess('list', ['--view', 'waiting'], { env: env(home), isStdoutTTY: true, columns: 100 });
    expect(r.code).toBe(0);
    const lines = r.stdout.replace(/\u001b\[\d+m/g, '').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\s*ID\s+ORDER\s+PENDING\s*$/);
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual(['1014', '1000']);
  });

  it('filter flags refine it, --fields and --limit win over it, its page size applies otherwise', async () => {
    const home = configHome({ views: VIEWS });
    const refined = await runInProcess('list', ['--view', 'waiting', '--ids', '1000', '--fields', 'id,status'], { env: env(home) });
    expect(refined.stdout).toBe('1000\tpending\n');
    const limited = await runInProcess('list', ['--view', 'reviewed-early', '--fields', 'id'], { env: env(home) });
    expect(limited.stdout).toBe('1001\n');
    const more = await runInProcess('list', ['--view', 'reviewed-early', '--fields', 'id', '--to', '2026-11-02T00:00:00Z', '--limit', '5'], { env: env(home) });
    expect(more.stdout).toBe('1015\n1001\n');
  });

  it('an unknown view is a usage error naming the views, before anything is sent', async () => {
    const home = configHome({ views: VIEWS });
    const r = await runInProcess('list', ['--view', 'waitng'], { env: env(home) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--view: no view named "waitng" (views: waiting, reviewed-early). Did you mean waiting?');
  });

  it('an unknown view is named before the key is read: without a key, and without running the key command (list and the console)', async () => {
    const home = configHome({ views: VIEWS });
    const noKey = await runInProcess('list', ['--view', 'waitng'], { env: { XDG_CONFIG_HOME: home, RETURNS_BASE_URL: sandbox.url } });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('--view: no view named "waitng"');
    const ran = join(tempDir(), 'ran');
    const withCommand = configHome({ views: VIEWS, profiles: { default: { base_url: sandbox.url, key_command: `touch ${ran}; echo ${KEYS.north}` } } });
    // The console asks for a terminal first: stdin is said to be one (its stdout, the test factory's).
    const stdinTTY = Object.getOwnPropertyDescriptor(process.stdin, 'isTTY');
    Object.defineProperty(process.stdin, 'isTTY', { value: true, configurable: true });
    try {
      for (const command of ['list', 'console'] as const) {
        const r = await runInProcess(command, ['--view', 'waitng'], { env: { XDG_CONFIG_HOME: withCommand }, isStdoutTTY: true });
        expect(r.code).toBe(2);
        expect(r.stderr).toContain('--view: no view named "waitng"');
        expect(existsSync(ran)).toBe(false);
      }
    } finally {
      if (stdinTTY) Object.defineProperty(process.stdin, 'isTTY', stdinTTY);
      else delete (process.stdin as { isTTY?: boolean }).isTTY;
    }
  });
});
