/**
 * The console with a config file written to hurt, in a real pseudo-terminal: quit unbound, a
 * view whose order names carry escape sequences and bidi controls. The view opens, its names
 * reach the screen only through the sanitizer (no byte of them a terminal acts on), the help
 * lists the changed keys, and Ctrl+C still ends the console.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleAt, typist, type ConsoleSession } from '../helpers/console-session.js';
import { makeFixture } from '../helpers/fixture.js';
import { assertBuilt, KEY } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
const sessions: ConsoleSession[] = [];
beforeAll(async () => {
  assertBuilt();
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.kill('SIGKILL');
    await session.exited;
  }
});

const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u202e\u009b';

describe('the console with a hostile config file', { timeout: 120_000 }, () => {
  it('shows a view with escape sequences in its order names only sanitized; quit unbound, Ctrl+C still ends it', async () => {
    const configHome = mkdtempSync(join(tmpdir(), 'rc-hostile-config-'));
    mkdirSync(join(configHome, 'returns-console'));
    const config = {
      keybindings: { global: { quit: '<disabled>' }, list: { refresh: ['R', '<c-r>'] } },
      views: { v: { order_names: [`${HOSTILE}#N1000`, '#N1000', '#N1014'] } },
    };
    writeFileSync(join(configHome, 'returns-console', 'config.json'), JSON.stringify(config), { mode: 0o600 });
    const session = startConsoleAt(sandbox.url, { args: ['--view', 'v'], env: { XDG_CONFIG_HOME: configHome } });
    sessions.push(session);
    const press = typist(session, 60_000);
    await session.waitForText('#N1014', 60_000);
    await session.waitForText('#N1000', 60_000);
    await press('?', /Ctrl\+R/);
    await press(KEY.escape);
    await press('q');
    expect(session.isAlternateScreen()).toBe(true);
    session.write(KEY.ctrlC);
    expect((await session.exited).exitCode).toBe(0);
    const output = session.output();
    expect(output).not.toContain('\u001b]0;pwned');
    expect(output).not.toMatch(/[\u202e\u009b]/);
  });
});
