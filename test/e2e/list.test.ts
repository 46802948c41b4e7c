/**
 * End to end in a real pseudo-terminal: the built console (dist/returns-console.js) against
 * a sandbox started with a fixture. Reads the screen, pages, filters, quits with q and with
 * Ctrl+C, and checks the terminal is given back (normal screen, cursor shown, cooked mode).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture } from '../helpers/fixture.js';
import { assertBuilt, KEY, spawnConsoleInShell, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { deliberateTypist } from '../helpers/console-session.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  assertBuilt();
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(async () => {
  await sandbox.close();
});

/** The console in a shell that prints its exit code and the terminal modes once it has ended. */
function startConsole(args: readonly string[], env: NodeJS.ProcessEnv = {}): PtySession {
  return spawnConsoleInShell({ args, home: mkdtempSync(join(tmpdir(), 'rc-e2e-')), env, after: 'stty -a' });
}

/** After the console ended: exit code 0, normal screen, cursor shown, echo and line mode back. */
async function expectTerminalRestored(session: PtySession): Promise<void> {
  await session.waitForText(/EXIT=\d+/);
  expect(session.output()).toContain('EXIT=0');
  await session.waitForText(/icanon/);
  const { exitCode } = await session.exited;
  expect(exitCode).toBe(0);
  expect(session.isAlternateScreen()).toBe(false);
  expect(session.isCursorVisible()).toBe(true);
  const modes = session.output().slice(session.output().indexOf('EXIT='));
  expect(modes).toMatch(/(^|\s)icanon(\s|$)/m);
  expect(modes).toMatch(/(^|\s)echo(\s|$)/m);
}

describe('the built console in a terminal', () => {
  it('shows the list, pages, filters, and quits with q leaving the terminal as it was', async () => {
    const session = startConsole(['--base-url', sandbox.url, '--limit', '10']);
    await session.waitForText('#N1025');
    expect(session.isAlternateScreen()).toBe(true);
    expect(session.screen()).toContain('page 1 · 10/page');
    expect(session.screen()).toMatch(/›\s+1025 #N1025\s+archived/);

    // Follows a resize of the real terminal: whole e-mails when wide (200), none at 80x24 (the narrowest
    // columns drop first), one line per order.
    session.resize(200, 30);
    await session.waitForText('customer25@shop_north.example');
    session.resize(80, 24);
    await session.waitForScreen((screen) => !screen.includes('customer25@') && !screen.includes('E-mail') && screen.includes('First25 Last'));
    // The whole redrawn frame, not only as much of it as had arrived when its first cut e-mail showed.
    const orderRows = (screen: string) => screen.split('\n').filter((l) => /^[› ] \s*10\d\d #N/.test(l));
    await session.waitForScreen((screen) => orderRows(screen).length >= 10);
    const rows = orderRows(session.screen());
    expect(rows).toHaveLength(10);

    session.write('n');
    await session.waitForText('page 2');
    await session.waitForText('#N1015');
    expect(session.screen()).not.toContain('#N1025');
    session.write('p');
    await session.waitForText('page 1');
    await session.waitForText('#N1025');

    session.write('f');
    await session.waitForText('Statuses');
    session.write(' ');
    await session.waitForText('[x] pending');
    session.write(KEY.enter);
    await session.waitForText('Filters: status pending');
    await session.waitForScreen((s) => s.includes('#N1014') && s.includes('#N1000') && !s.includes('#N1025'));

    await deliberateTypist(session)('q');
    await expectTerminalRestored(session);
  });

  it('Ctrl+C always gives the terminal back', async () => {
    const session = startConsole(['--base-url', sandbox.url]);
    await session.waitForText('#N1025');
    session.write('/');
    await session.waitForText('Find (');
    session.write(KEY.ctrlC);
    await expectTerminalRestored(session);
  });

  it('a missing key opens the authentication screen, which says where keys come from', async () => {
    const session = startConsole(['--base-url', sandbox.url], { RETURNS_API_KEY: undefined });
    await session.waitForText('No API key: the service needs one and none was sent.');
    await session.waitForText('Account settings → API keys');
    await deliberateTypist(session)('q');
    await expectTerminalRestored(session);
  });

  it('takes the list filters as initial filters and refuses a bad one before starting', async () => {
    const session = startConsole(['--base-url', sandbox.url, '--status', 'reviewed', '--ids', '1015,1001']);
    await session.waitForText('Filters: status reviewed · ids 1015,1001');
    await session.waitForScreen((s) => s.includes('#N1015') && s.includes('#N1001') && !s.includes('#N1014'));
    await deliberateTypist(session)('q');
    await expectTerminalRestored(session);

    const bad = startConsole(['--base-url', sandbox.url, '--from', 'last week']);
    await bad.waitForText('EXIT=2');
    expect(bad.output()).toContain('"last week" is not a date');
    expect(bad.output()).toContain('[invalid_date_format]');
    expect(bad.output()).toContain('--from');
    expect(bad.isAlternateScreen()).toBe(false);
  });
  it('keeps a full screen exact across redraws: one header, one selected row, no stale lines', async () => {
    // A full page (50 rows on 30 lines) redrawn by the clock tick and by moves of the selection:
    // a renderer that rewrites only some lines once left the header twice and old rows on screen.
    const full = await startTestSandbox({ fixture: makeFixture(100) });
    const session = startConsole(['--base-url', full.url]);
    await session.waitForText('#N1099');
    await session.waitForText(/updated [1-9]\d*s ago/, 5_000);
    session.write('j');
    await session.waitForScreen((screen) => /›\s+1098 #N1098/.test(screen));
    session.write('j'); // 1097 and 1096 are cancelled and draft: never listed
    await session.waitForScreen((screen) => /›\s+1095 #N1095/.test(screen));
    const lines = session.lines();
    expect(lines.filter((l) => l.includes('page 1 · 50/page'))).toHaveLength(1);
    expect(lines[1]).toMatch(/^Filters:/);
    expect(lines.filter((l) => l.startsWith('›'))).toHaveLength(1);
    const ids = lines.map((l) => /^[› ] \s*(\d{4}) #N/.exec(l)?.[1]).filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
    await deliberateTypist(session)('q');
    await expectTerminalRestored(session);
    await full.close();
  });
});
