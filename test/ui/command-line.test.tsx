/**
 * The `:` command line through the whole console (keys through the input router, as the app
 * gets them), against the real sandbox: filters, views, completion, history kept in the
 * state directory, inline errors that keep the text, app commands, and scans typed as text.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandHistoryPath } from '../../src/local/state-paths.js';
import type { SavedViews } from '../../src/ops/saved-views.js';
import { makeFixture } from '../helpers/fixture.js';
import { KEY } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { typeAsScanner } from '../helpers/scanner.js';
import { renderConsole } from './render-console.js';

// makeFixture(): north orders 1000..1027, order i has status STATUS_CYCLE[i % 14]: pending
// ones are 1000 and 1014, reviewed ones 1001 and 1015; 1012, 1013, 1026, 1027 are hidden.
let sandbox: TestSandbox;
const opened: { cleanup: () => Promise<void> }[] = [];
const track = <T extends { cleanup: () => Promise<void> }>(view: T) => (opened.push(view), view);

const VIEWS: SavedViews = {
  waiting: { statuses: ['pending'], columns: ['id', 'order_name', 'age', 'pending'] },
  'this-week': { from: '7d' },
};

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture() });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const view of opened.splice(0)) await view.cleanup();
});

function open(options: Partial<Parameters<typeof renderConsole>[0]> = {}) {
  return track(renderConsole({ baseUrl: sandbox.url, columns: 100, views: VIEWS, profileNames: ['north', 'south'], ...options }));
}

/** Esc, and waits until the line has closed (a key typed right after a lone Esc would read as Alt+key). */
async function closeLine(view: ReturnType<typeof open>) {
  await view.press(KEY.escape);
  await view.waitUntil((f) => !f.includes('Enter run'), 'the command line closed');
}

/** Opens the command line, types `text` key by key and waits until the line shows it. */
async function typeCommand(view: ReturnType<typeof open>, text: string) {
  if (!view.frame().includes('Tab completes')) await view.press(':', 'Tab completes');
  for (const char of text) view.stdin.write(char);
  await view.waitFor(`:${text}`);
}

describe('the command line', () => {
  it(': opens it; :status narrows the list, :from and :to add dates, :clear removes every filter', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'status pending,reviewed');
    await view.press(KEY.enter, 'Filters: status pending,reviewed');
    await view.waitUntil((f) => f.includes('#N1014') && f.includes('#N1001') && !f.includes('#N1025'), 'only pending and reviewed orders');
    expect(view.frame()).not.toContain('Tab completes');

    await typeCommand(view, 'from 2026-11-01T10:00:00Z');
    await view.press(KEY.enter, 'Filters: status pending,reviewed · from 2026-11-01T10:00:00Z');
    await view.waitUntil((f) => f.includes('#N1014') && !f.includes('#N1001'), 'the order before 10:00 gone');

    await typeCommand(view, 'to 2026-11-01T09:00:00Z');
    await view.press(KEY.enter, 'must not be later than Submitted to');
    // Refused: the line stays open with the text, the filters are as they were.
    expect(view.frame()).toContain(':to 2026-11-01T09:00:00Z');
    expect(view.frame()).toContain('Filters: status pending,reviewed · from 2026-11-01T10:00:00Z');
    await closeLine(view);

    await typeCommand(view, 'clear');
    await view.press(KEY.enter, 'Filters: all orders', '#N1025');
  });

  it(':ids and :names take a list separated by spaces or commas', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'ids 1003, 1007 1009');
    await view.press(KEY.enter, 'Filters: ids 1003,1007,1009');
    await view.waitUntil((f) => f.includes('#N1007') && !f.includes('#N1025'), 'three orders');
    await typeCommand(view, 'names #N1007 #N1009');
    await view.press(KEY.enter, 'Filters: ids 1003,1007,1009 · names #N1007,#N1009');
    await view.waitUntil((f) => f.includes('#N1009') && !f.includes('#N1003'), 'two orders');
  });

  it('keeps its ":" on a narrow terminal, the hint cut to the room beside it', async () => {
    const view = open({ columns: 46 });
    await view.waitFor('#N1025');
    await view.press(':', 'Enter run');
    const prompt = view.frame().split('\n').find((line) => line.includes('status pending'));
    expect(prompt).toMatch(/^: status pending · view NAME/);
    expect(prompt!.length).toBeLessThanOrEqual(46);
  });

  it(':names finds an order name written without its #, as quick find and show do', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'names N1007');
    await view.press(KEY.enter, 'Filters: names N1007');
    await view.waitUntil((f) => f.includes('#N1007') && !f.includes('#N1025'), 'the one order named #N1007');
  });

  it('errors show under the line and keep what was typed, so it can be mended', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'status pendng');
    await view.press(KEY.enter, '"pendng" is not a status. Did you mean pending? Tab completes status names.');
    expect(view.frame()).toContain(':status pendng');
    // Mend it: Backspace twice, then "ing".
    view.stdin.write(KEY.backspace);
    view.stdin.write(KEY.backspace);
    for (const c of 'ing') view.stdin.write(c);
    await view.waitFor(':status pending');
    await view.press(KEY.enter, 'Filters: status pending');

    await typeCommand(view, 'stauts pending');
    await view.press(KEY.enter, 'Unknown command :stauts. Did you mean :status?');
    expect(view.frame()).toContain(':stauts pending');
    // Or with readline's keys: Ctrl+W erases the last word, Ctrl+U the rest.
    view.stdin.write('\u0017');
    await view.waitUntil((f) => /^:stauts *$/m.test(f), 'Ctrl+W erased the word');
    view.stdin.write('\u0015');
    for (const c of 'status reviewed') view.stdin.write(c);
    await view.waitFor(':status reviewed');
    await view.press(KEY.enter, 'Filters: status reviewed');

    await typeCommand(view, 'stauts pending');
    await view.press(KEY.enter, 'Unknown command :stauts.');
    await closeLine(view);

    await typeCommand(view, 'ids 12a');
    await view.press(KEY.enter, 'Give return order ids');
    await closeLine(view);
    await typeCommand(view, 'from soon');
    await view.press(KEY.enter, '"soon" is not a date');
  });

  it('Tab completes commands, statuses (after a comma too), views and profiles', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'sta');
    await view.press(KEY.tab, ':status');
    // The space after the command came with it.
    for (const c of 'pend') view.stdin.write(c);
    await view.waitFor(':status pend');
    // Three statuses start with "pend": the line takes what they share and lists them.
    await view.press(KEY.tab, 'pending  pending_payment_from_customer  pending_action');
    expect(view.frame()).toContain(':status pending');
    for (const c of '_a') view.stdin.write(c);
    await view.press(KEY.tab, ':status pending_action');
    for (const c of ',revi') view.stdin.write(c);
    // Typed at once and ended by Tab, it would be a barcode scan: wait as a person does.
    await view.waitFor(':status pending_action,revi');
    await view.press(KEY.tab, ':status pending_action,reviewed');
    await closeLine(view);

    await typeCommand(view, 'view wa');
    await view.press(KEY.tab, ':view waiting');
    await closeLine(view);
    await typeCommand(view, 'profile so');
    await view.press(KEY.tab, ':profile south');
    await closeLine(view);
    await typeCommand(view, 'cl');
    await view.press(KEY.tab, ':clear');
    await view.press(KEY.enter, 'Filters: all orders');
    expect(view.frame()).not.toContain(':clear');
  });

  it('↑/↓ walk the history, which is kept per profile in the state directory', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-cmd-history-'));
    const first = open({ stateDir });
    await first.waitFor('#N1025');
    await typeCommand(first, 'status reviewed');
    await first.press(KEY.enter, 'Filters: status reviewed');
    await typeCommand(first, 'ids 1001');
    await first.press(KEY.enter, 'Filters: status reviewed · ids 1001');
    await first.waitUntil(() => {
      try {
        return readFileSync(commandHistoryPath(stateDir, 'north'), 'utf8').includes('ids 1001');
      } catch {
        return false;
      }
    }, 'history written');
    await first.cleanup();
    opened.splice(opened.indexOf(first), 1);

    const again = open({ stateDir });
    await again.waitFor('#N1025');
    await again.press(':', 'Tab completes');
    for (const c of 'sta') again.stdin.write(c);
    await again.waitFor(':sta');
    await again.press(KEY.up, ':ids 1001');
    await again.press(KEY.up, ':status reviewed');
    await again.press(KEY.up, ':status reviewed');
    await again.press(KEY.down, ':ids 1001');
    // Past the newest, what was typed before the walk comes back.
    await again.press(KEY.down, ':sta');
    expect(again.frame()).not.toContain(':ids 1001');
    await again.press(KEY.up, ':ids 1001');
    await again.press(KEY.enter, 'Filters: ids 1001');
  });

  it(':view opens a saved view with its filters and columns; :clear brings the default columns back', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'view waiting');
    await view.press(KEY.enter, 'View waiting · Filters: status pending');
    await view.waitUntil((f) => /ID\s+Order\s+Age\s+Pending/.test(f) && f.includes('#N1014') && !f.includes('#N1025'), 'the view’s columns');
    expect(view.frame()).not.toContain('Customer');
    // Another filter keeps the columns; the header no longer claims the view.
    await typeCommand(view, 'ids 1014');
    await view.press(KEY.enter, 'Filters: status pending · ids 1014');
    expect(view.frame()).not.toContain('View waiting');
    expect(view.frame()).toMatch(/ID\s+Order\s+Age\s+Pending/);
    await typeCommand(view, 'clear');
    await view.press(KEY.enter, 'Filters: all orders', 'Customer');

    await typeCommand(view, 'view nope');
    await view.press(KEY.enter, 'No view named "nope" (views: waiting, this-week).');
  });

  it('the console opens with a view (--view) when given one', async () => {
    const view = open({ filters: { statuses: ['pending'] }, initialView: { name: 'waiting', columns: ['id', 'order_name', 'age', 'pending'] } });
    await view.waitFor('View waiting · Filters: status pending', '#N1014');
    expect(view.frame()).toMatch(/ID\s+Order\s+Age\s+Pending/);
  });

  it(':log, :help and :q reach the app shell; :profile and :overview say they are not in this build', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'log');
    await view.press(KEY.enter, 'Activity log');
    await view.press(KEY.escape, '#N1025');
    await typeCommand(view, 'help');
    await view.press(KEY.enter, 'Help: keys');
    await view.press(KEY.pageDown, 'Commands (: on the orders list)', ':status S[,S…]');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('Help: keys'), 'help closed');

    await typeCommand(view, 'profile north');
    await view.press(KEY.enter, 'Profile "north" is the one on screen.');
    await closeLine(view);
    await typeCommand(view, 'profile west');
    await view.press(KEY.enter, 'No profile named "west" (profiles: north, south).');
    await closeLine(view);
    // This console was given one profile's services (switching is tested in profile-switch.test.tsx).
    await typeCommand(view, 'profile south');
    await view.press(KEY.enter, 'This console has one profile: start it with --profile NAME for another shop.');
    await view.waitUntil((f) => !f.includes('Enter run'), 'the command line closed');
    await typeCommand(view, 'overview');
    await view.press(KEY.enter, 'Orders by status');
    await view.press(KEY.escape, '#N1025');
    await typeCommand(view, 'clear now');
    await view.press(KEY.enter, ':clear takes nothing after it.');
  });

  it('a barcode scan into the command line is typed as text; its Enter is not pressed', async () => {
    const view = open();
    await view.waitFor('#N1025');
    await typeCommand(view, 'names');
    view.stdin.write(' ');
    await typeAsScanner((chunk) => view.stdin.write(chunk), '#N1007\r');
    await view.waitFor(':names #N1007', 'Scan typed in, its Enter held back');
    expect(view.frame()).toContain('Filters: all orders');
    await view.press(KEY.enter, 'Filters: names #N1007');
  });

  it('fits 80x24 with the line open and an error under it', async () => {
    const view = open({ columns: 80, rows: 24 });
    await view.waitFor('#N1025');
    await typeCommand(view, 'ids 1,,x');
    await view.press(KEY.enter, 'Give return order ids');
    const lines = view.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines.every((l) => [...l].length <= 80)).toBe(true);
    expect(view.frame()).toContain('Filters: all orders');
    expect(view.frame()).toContain(':ids 1,,x');
    expect(view.frame()).toMatch(/Enter run/);
  });
});
