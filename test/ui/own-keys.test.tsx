/**
 * Own keys through the whole console (keys through the input router, as the app gets
 * them), against the real sandbox: a remapped key does its action and its old key does
 * nothing; the footer and the ? help show the effective keys; --read-only still stops a
 * changing action on its new key.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveUserKeyTable, type KeybindingsConfig } from '../../src/ui/keys/user-bindings.js';
import { makeFixture } from '../helpers/fixture.js';
import { KEY } from '../helpers/pty.js';
import { typeAsScanner } from '../helpers/scanner.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole, resize } from './render-console.js';

let sandbox: TestSandbox;
const opened: { cleanup: () => Promise<void> }[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const view of opened.splice(0)) await view.cleanup();
});

function open(keybindings: KeybindingsConfig, options: Partial<Parameters<typeof renderConsole>[0]> = {}) {
  const resolved = resolveUserKeyTable(keybindings);
  if (!resolved.ok) throw new Error(resolved.problems.map((p) => p.message).join('\n'));
  const view = renderConsole({ baseUrl: sandbox.url, columns: 100, keyTable: resolved.table, ...options });
  opened.push(view);
  return view;
}

/** The order id of the selected row (marked with ›). */
const selectedId = (frame: string) => /^›\s+(\d+) /m.exec(frame)?.[1];
const CTRL_N = '\x0e';

describe('own keys in the console', () => {
  it('a remapped key does its action; the old key does nothing; footer and help show the new keys', async () => {
    const view = open({ list: { 'move-down': ['<c-n>', '<down>'], mark: 'x', 'command-line': ';' }, global: { help: '<c-g>' } });
    await view.waitFor('#N1025');
    expect(selectedId(view.frame())).toBe('1025');

    // j no longer moves; Ctrl+N does.
    view.stdin.write('j');
    await view.press(CTRL_N);
    await view.waitUntil((f) => selectedId(f) === '1024', 'Ctrl+N moved down one row');
    await view.press(KEY.down);
    await view.waitUntil((f) => selectedId(f) === '1023', '↓ still moves');

    // Space no longer marks; x does.
    view.stdin.write(' ');
    await view.press('x', '1 marked');
    expect(view.frame()).toMatch(/✓\s*1023/);

    // The footer names the new keys.
    expect(view.frame()).toContain('x mark');
    expect(view.frame()).not.toContain('Space mark');

    // ; opens the command line, : does not.
    view.stdin.write(':');
    await view.press(';', 'Tab completes');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('Tab completes'), 'closed');

    // ? no longer opens help; Ctrl+G does, and it lists the effective keys.
    view.stdin.write('?');
    await view.press('\x07', 'Help: keys');
    expect(view.frame()).toMatch(/Ctrl\+N ↓\s+Next order/);
    expect(view.frame()).toMatch(/x\s+Mark or unmark order/);
  });

  it('a disabled key does nothing and is not offered', async () => {
    const view = open({ global: { 'activity-log': '<disabled>' }, list: { find: '<disabled>' } });
    await view.waitFor('#N1025', 'f filters');
    expect(view.frame()).not.toContain('/ find');
    view.stdin.write('/');
    await view.press('L');
    // A key that was read after them shows the console still on the list.
    await view.press('f', 'Statuses');
    expect(view.frame()).not.toContain('Find (order name or id)');
    expect(view.frame()).not.toContain('Activity log of profile');
  });

  it('messages that name a key name the key in effect', async () => {
    const view = open({ list: { 'mark-range': 'v', filter: 'F' } }, { filters: { ids: [999_999] } });
    await view.waitFor('No return orders match these filters (F to change them).');
    const all = open({ list: { 'mark-range': 'v' } });
    await all.waitFor('#N1025');
    await all.press('v', 'range from 1025 (v ends)', 'and press v to mark all between');
    // The order screen's note on a reviewed order names its receive key.
    const order = open({ order: { receive: 'w' } });
    await order.waitFor('#N1025');
    await order.press('/', 'Find (order name or id)');
    await order.press('1015');
    await order.press(KEY.enter, 'Order #N1015');
    await order.waitFor('Reviewed: press w to mark it received.');
    // A scan into a reject reason is typed in and names the reason's own key for using it, within 80 columns.
    const reason = open({ reason: { apply: '<c-s>' } }, { columns: 80 });
    await reason.waitFor('#N1025');
    await reason.press('/', 'Find (order name or id)');
    await reason.press('1014');
    await reason.press(KEY.enter, 'Order #N1014');
    await reason.press('x', 'reason?');
    await typeAsScanner((chunk) => reason.stdin.write(chunk), 'RMA-555\r');
    await reason.waitFor('> RMA-555', '⚠ Scan typed in, its Enter held back: check it, then press Ctrl+S.');
    expect(reason.frame()).not.toContain('→ reject');
  });

  it('--read-only still stops a changing action on its new key, and says why', async () => {
    const view = open({ list: { receive: 'z' } }, { isReadOnly: true });
    await view.waitFor('#N1025');
    await view.press('z', 'Read-only mode: "z" is off (start without --read-only to change orders).');
    // The footer puts keys that are off after the ones that work: on a wide terminal it says so on the new key.
    resize(view.stdout, 200, 30);
    await view.waitFor('z receive (off: read-only)');
  });
});
