/**
 * End to end in a real pseudo-terminal: the built console with a config file holding
 * keybindings and views, against a sandbox. A remapped key moves and marks (its old key
 * does nothing), the command line filters and opens a view, --view starts on a view, and a
 * conflicting binding stops the start with exit 2 naming scope, key and both actions.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture } from '../helpers/fixture.js';
import { assertBuilt, KEY, spawnConsoleInShell, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { deliberateTypist } from '../helpers/console-session.js';
import { pauseForDeliberateKey } from '../helpers/deliberate.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  assertBuilt();
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(async () => {
  await sandbox.close();
});

const CONFIG = {
  keybindings: { list: { 'move-down': ['<c-n>', '<down>'], mark: 'x' } },
  views: { waiting: { statuses: ['pending'], columns: ['id', 'order_name', 'status', 'pending'] } },
};

/** The console at 80x24 with `config` as its config file; the shell prints its exit code after it. */
function startConsole(args: readonly string[], config: unknown = CONFIG): PtySession {
  const home = mkdtempSync(join(tmpdir(), 'rc-e2e-keys-'));
  mkdirSync(join(home, 'config', 'returns-console'), { recursive: true });
  writeFileSync(join(home, 'config', 'returns-console', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return spawnConsoleInShell({ args, home, cols: 80, rows: 24 });
}

/** Opens the command line, types `text` (then Tab first when `isCompleting`), and presses Enter (after a person's pause for `:q`, which counts only as an Enter on its own). */
async function runCommand(session: PtySession, text: string, isCompleting = false): Promise<void> {
  session.write(':');
  await session.waitForText('Tab completes');
  session.write(text);
  await session.waitForText(`:${text}`);
  if (isCompleting) {
    session.write(KEY.tab);
    await session.waitForScreen((s) => !s.includes(`:${text}\n`) && s.includes(`:${text}`));
  }
  if (text === 'q') await pauseForDeliberateKey();
  session.write(KEY.enter);
}

const selectedId = (screen: string) => /^›\s+(\d+) /m.exec(screen)?.[1];

describe('own keys and the command line in a terminal', () => {
  it('a remapped key acts and its old key does nothing; the command line filters and opens a view', async () => {
    const session = startConsole(['--base-url', sandbox.url]);
    await session.waitForText('#N1025');
    expect(session.screen()).toContain('x mark');

    // j is not bound any more; Ctrl+N moves down.
    session.write('j');
    session.write('\x0e');
    await session.waitForScreen((s) => selectedId(s) === '1024');
    session.write(' ');
    session.write('x');
    await session.waitForText('1 marked');
    expect(session.screen()).toMatch(/✓\s*1024/);

    await runCommand(session, 'status pend', true);
    await session.waitForText('Filters: status pending');
    await session.waitForScreen((s) => s.includes('#N1014') && s.includes('#N1000') && !s.includes('#N1025'));

    await runCommand(session, 'view wait', true);
    await session.waitForText('View waiting · Filters: status pending');
    await session.waitForScreen((s) => /ID\s+Order\s+Status\s+Pending/.test(s));

    await runCommand(session, 'q');
    await session.waitForText('EXIT=0');
  });

  it('--view starts on a saved view', async () => {
    const session = startConsole(['--base-url', sandbox.url, '--view', 'waiting']);
    await session.waitForText('View waiting · Filters: status pending');
    await session.waitForScreen((s) => s.includes('#N1014') && !s.includes('#N1025'));
    await deliberateTypist(session)('q');
    await session.waitForText('EXIT=0');
  });

  it('a conflicting binding stops the start: exit 2 naming the scope, the key and both actions', async () => {
    const session = startConsole(['--base-url', sandbox.url], { keybindings: { list: { receive: 'R' } } });
    await session.waitForText('EXIT=2');
    expect(session.screen()).toContain('keybindings.list: "R" is bound to both refresh and receive');
  });
});
