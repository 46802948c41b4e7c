/**
 * `/` in the `?` help: the keys and commands are filtered as the user types (every word, in
 * the keys, the description or the group's title); Enter keeps the search for scrolling, Esc
 * clears it, and the next Esc closes the help.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filterHelpLines, helpLines } from '../../src/ui/components/help-lines.js';
import { KEY_BINDINGS } from '../../src/ui/keys/bindings.js';
import { KEY } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

describe('help search', () => {
  it('keeps the rows that have every word, each under its group', () => {
    const lines = helpLines(['list'], false, KEY_BINDINGS);
    const found = filterHelpLines(lines, 'MARK page');
    expect(found.map((l) => l.text)).toEqual(['Orders list', 'Mark every order on the page (again: unmark them)', 'Unmark every order (on all pages)']);
    // A group's title counts: every key of scan mode.
    expect(filterHelpLines(lines, 'scan mode').map((l) => l.text)).toContain('Leave scan mode');
    expect(filterHelpLines(lines, 'status').some((l) => l.lead.includes(':status'))).toBe(true);
    expect(filterHelpLines(lines, 'zzz')).toEqual([]);
    expect(filterHelpLines(lines, '  ')).toEqual(lines);
  });

  it('filters the help as the user types; Enter keeps it, Esc clears it, Esc again closes', async () => {
    const view = views[views.push(renderConsole({ baseUrl: sandbox.url, columns: 100, rows: 30 })) - 1]! as ReturnType<typeof renderConsole>;
    await view.waitFor('#N1025');
    await view.press('?', 'Help: keys');
    await view.press('/', 'Search: ', 'Esc clear');
    await view.press('receive');
    await view.waitFor('Receive marked orders', 'Receive order', 'matches');
    expect(view.frame()).not.toContain('Previous order');
    // Typed, not taken as keys: q and ? are letters of the search here.
    await view.press(' q');
    await view.waitFor('No key or command matches "receive q".');
    await view.press(KEY.backspace.repeat(2), 'Receive order');
    await view.press(KEY.enter);
    await view.waitUntil((f) => f.includes('/ search') && f.includes('Receive order'), 'the search is kept, the help scrolls');
    await view.press(KEY.escape);
    await view.waitUntil((f) => f.includes('Previous order') && !f.includes('Search: '), 'the search is cleared');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('Help: keys'), 'the help is closed');
  });

  it('over an order, the help marks a (approve) off exactly as the order screen\'s footer does, in the same words', async () => {
    const view = views[views.push(renderConsole({ baseUrl: sandbox.url, columns: 120, rows: 40 })) - 1]! as ReturnType<typeof renderConsole>;
    await view.waitFor('#N1025');
    await view.press(KEY.enter, 'Esc back');
    await view.waitUntil((f) => /a approve/.test(f) && !f.includes('Loading order'), 'the order is shown');
    const footerOff = /a approve \(off: ([^)]+)\)/.exec(view.frame())?.[1];
    await view.press('?', 'Help: keys');
    await view.press('/', 'Search: ');
    await view.press('approve item');
    await view.waitFor('Approve item');
    const line = view.frame().split('\n').find((l) => l.includes('Approve item'))!;
    expect(line).toContain(footerOff === undefined ? '(changes data)' : `(changes data; off: ${footerOff})`);
  });
});
