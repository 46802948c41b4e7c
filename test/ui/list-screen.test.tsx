/**
 * Screen tests of the orders list through the whole console (shell, list, order screen),
 * against the real sandbox on port 0. Failures of the service: list-trouble.test.tsx.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { makeFixture } from '../helpers/fixture.js';
import { KEY } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { formFromFilters } from '../../src/ui/screens/list/filter-form.js';
import { renderConsole, renderFilterPanel, resize } from './render-console.js';

// makeFixture(): north orders 1000..1027; i % 14 == 12 or 13 are draft/cancelled (hidden),
// so the visible north orders are 1025..1014 and 1011..1000 (24), newest first. With a page
// size of 10: page 1 is 1025..1016, page 2 is 1015, 1014, 1011..1004, page 3 is 1003..1000.
let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];
const track = <T extends { cleanup: () => Promise<void> }>(view: T) => (views.push(view), view);

function fixture() {
  const f = makeFixture();
  const byId = (id: number) => f.return_orders.find((o) => o.id === id)!;
  byId(1003).order_name = '#DUP';
  byId(1004).order_name = '#DUP';
  byId(1005).cust_first_name = 'Eve\u001b[2J\u001b]52;c;aGFjaw==\u0007';
  byId(1006).order_name = '#N1006\u202e';
  return f;
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: fixture() });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

/** The line of the frame showing order `id` (the row starts with the marker and the id). */
const rowOf = (frame: string, id: number) => frame.split('\n').find((l) => new RegExp(`^..\\s*${id} `).test(l));

describe('orders list', () => {
  it('shows the first page, newest first, with every column and the selected row marked', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 200 }));
    await view.waitFor('#N1025', 'First25 Last25', 'customer25@shop_north.example', '1R 1E · 2 pending');
    const frame = view.frame();
    expect(frame).toContain('ID');
    expect(frame).toMatch(/Order\s+Status\s+Customer\s+E-mail\s+Submitted\s+Items\s+Cur/);
    expect(rowOf(frame, 1025)).toMatch(/^›\s+1025 #N1025\s+archived\s+First25 Last25\s+customer25@shop_north\.example\s+2026-11-0\d \d\d:00 · \S+\s+1R 1E\s+EUR/);
    expect(rowOf(frame, 1014)).toContain('pending');
    expect(frame).not.toContain('#N1026'); // draft/cancelled are never shown
    expect(frame).toContain('page 1 · 50/page');
    expect(frame).toContain('Filters: all orders');
    expect(frame).toMatch(/updated (just now|\d+s ago)/);
  });

  it('makes strings from the service safe and keeps the columns aligned', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 160 }));
    await view.waitFor('#N1005', 'Eve␛␛');
    const frame = view.frame();
    expect(frame).not.toContain('\u001b');
    expect(frame).not.toContain('\u202e');
    expect(frame).toContain('#N1006<U+202E>');
    // Every row is as wide as the header: nothing moved a column.
    const header = frame.split('\n').find((l) => l.includes('Submitted'))!;
    const emailAt = header.indexOf('E-mail');
    for (const id of [1004, 1005, 1006, 1007]) expect(rowOf(frame, id)!.indexOf(`customer${id - 1000}@`)).toBe(emailAt);
  });

  it('drops columns by priority at 80x24, fits the screen, and follows a resize', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 80, rows: 24 }));
    await view.waitFor('#N1025');
    let lines = view.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(view.frame()).not.toContain('E-mail');
    expect(view.frame()).toContain('Status');
    expect(rowOf(view.frame(), 1025)).toContain('archived');

    resize(view.stdout, 200, 40);
    await view.waitFor('E-mail', 'customer25@shop_north.example');
    resize(view.stdout, 60, 20);
    await view.waitUntil((f) => f.split('\n').length <= 20 && !f.includes('E-mail'), 'laid out for 60x20');
    lines = view.frame().split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(rowOf(view.frame(), 1025)).toMatch(/1025 #N1025\s+archived/);
  });

  it('pages forward and back: the next page is prefetched, the previous one is served from the cache', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 10 }));
    await view.waitFor('#N1016', 'page 1 · 10/page');
    // The next page was fetched without being asked for.
    await view.waitUntil(() => view.calls.some((c) => c.cursor !== undefined), 'next page prefetched');
    const cursorCalls = () => view.calls.filter((c) => c.cursor !== undefined).length;
    const firstPageCalls = () => view.calls.filter((c) => c.cursor === undefined).length;
    const beforeNext = cursorCalls();

    await view.press('n', 'page 2', '#N1015', '#N1005');
    expect(view.frame()).not.toContain('#N1016');
    await view.press('n', 'page 3', '#N1002', '#N1000');
    await view.press('n', 'This is the last page.');
    expect(beforeNext).toBeGreaterThan(0);

    const firstBefore = firstPageCalls();
    await view.press('p', 'page 2', '#N1015');
    await view.press('p', 'page 1', '#N1025');
    await view.press('p', 'Already on the first page.');
    // Back to page 1 without asking the service again.
    expect(firstPageCalls()).toBe(firstBefore);
  });

  it('moves the selection with the keys and keeps marks across pages', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 10 }));
    await view.waitFor('#N1016');
    await view.press('j');
    await view.press('j');
    await view.waitUntil((f) => rowOf(f, 1023)?.startsWith('›') === true, 'third row selected');
    // Space marks and moves down.
    await view.press(' ', '1 marked');
    await view.waitUntil((f) => rowOf(f, 1022)?.startsWith('›') === true, 'moved to the fourth row');
    expect(rowOf(view.frame(), 1023)).toMatch(/^ ✓/);
    await view.press('G');
    await view.waitUntil((f) => rowOf(f, 1016)?.startsWith('›') === true, 'last row selected');
    await view.press('g');
    await view.waitUntil((f) => rowOf(f, 1025)?.startsWith('›') === true, 'first row selected');

    await view.press('n', 'page 2', '#N1015');
    await view.press(KEY.down);
    await view.press(' ', '2 marked');
    expect(rowOf(view.frame(), 1014)).toMatch(/^ ✓/);
    await view.press('p', 'page 1');
    await view.waitUntil((f) => rowOf(f, 1023)?.startsWith(' ✓') === true, 'mark still on 1023');
    await view.press('R');
    await view.waitFor('2 marked');
    expect(rowOf(view.frame(), 1023)).toMatch(/^ ✓/);
  });

  it('marks a page with *, a range with V … V, and clears every mark with U', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 10 }));
    await view.waitFor('#N1016');
    await view.press('*', '10 marked');
    expect([1025, 1020, 1016].map((id) => rowOf(view.frame(), id)?.slice(1, 2))).toEqual(['✓', '✓', '✓']);
    await view.press('*');
    await view.waitUntil((f) => !f.includes('marked'), 'a second * unmarks the page');
    // A range: V on the second row, down three, V again marks four orders.
    await view.press('j');
    await view.press('V', 'Range started: move to its other end and press V to mark all between.', 'range from 1024 (V ends)');
    await view.press('jjj');
    await view.waitUntil((f) => rowOf(f, 1021)?.startsWith('›') === true, 'fifth row selected');
    await view.press('V', '4 marked');
    const marks = [1025, 1024, 1023, 1022, 1021, 1020].map((id) => rowOf(view.frame(), id)?.slice(1, 2));
    expect(marks).toEqual([' ', '✓', '✓', '✓', '✓', ' ']);
    // Marks on another page stay until U.
    await view.press('n', 'page 2', '#N1015');
    await view.press(' ', '5 marked');
    await view.press('U');
    await view.waitUntil((f) => !f.includes('marked'), 'U clears every mark');
    await view.press('p', 'page 1');
    await view.waitUntil((f) => rowOf(f, 1023)?.slice(1, 2) === ' ', 'no mark left on page 1');
  });

  it('keeps the page and the marked count in the header when the filters are long', async () => {
    const ids = [1025, 1024, 1023, 1022, 1021, 1020, 1019, 1018, 1017, 1016, 1015, 1014, 1011, 1010, 1009, 1008, 1007];
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 10, filters: { ids }, columns: 60 }));
    await view.waitFor('#N1016');
    await view.press(' ', '1 marked');
    const lines = view.frame().split('\n');
    const filtersLine = lines.find((l) => l.startsWith('Filters:'))!;
    expect(filtersLine).toMatch(/ · 1 marked$/);
    expect(displayWidth(filtersLine)).toBeLessThanOrEqual(60);
    expect(lines.some((l) => l.includes('page 1 · 10/page'))).toBe(true);
  });

  it('applies every key of a burst in order (fast typing, a paste, a scanner)', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 10 }));
    await view.waitFor('#N1016');
    view.stdin.write('jj n');
    await view.waitFor('1 marked', 'page 2');
    await view.waitUntil((f) => rowOf(f, 1015)?.startsWith('› ') === true, 'first row of page 2 selected');
    view.stdin.write('p/N1009');
    await view.waitFor('Find (order name or id): N1009');
    view.stdin.write('\r');
    await view.waitFor('Order #N1009');
    view.stdin.write(KEY.escape);
    await view.waitUntil((f) => rowOf(f, 1023)?.startsWith(' ✓') === true, 'back on page 1 with 1023 marked');
  });

  it('applies filters from the panel and starts again from page 1', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 10 }));
    await view.waitFor('#N1016');
    await view.press('n', 'page 2');
    await view.press('f', 'Statuses', '›[ ] pending');
    await view.press(' ', '›[x] pending');
    await view.press(KEY.right, '›[ ] reviewed');
    await view.press(' ', '›[x] reviewed');
    await view.press(KEY.enter, 'Filters: status pending,reviewed', 'page 1 · 10/page');
    await view.waitFor('#N1015', '#N1014', '#N1001', '#N1000');
    expect(view.frame()).not.toContain('#N1025');
    expect(view.calls.at(-1)?.filters).toEqual({ statuses: ['pending', 'reviewed'] });
  });

  it('checks filter fields with the interface rules as they are typed', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url }));
    await view.waitFor('#N1025');
    await view.press('f', '› Statuses');
    await view.press(KEY.tab, '› Submitted from', '2026-11-02, today, yesterday, 7d/12h/2w ago');
    await view.press('junk', '✗ "junk" is not a date. Use a date-time (2026-11-02T09:15:00Z), a date', 'yesterday, or a time ago (12h, 7d, 2w).', '[invalid_date_format]');
    await view.press(KEY.tab, '› Submitted to');
    await view.press(KEY.tab, '› Ids');
    await view.press('1, 2', 'invalid_ids_format');
    await view.press(KEY.tab);
    await view.press(KEY.tab, '› Page size');
    await view.press('0', 'invalid_limit'); // "500"
    const callsBefore = view.calls.length;
    await view.press(KEY.enter, 'Fix the field marked ✗ first (Submitted from)');
    expect(view.calls.length).toBe(callsBefore);
    expect(view.frame()).toContain('Filters: all orders');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('› Page size'), 'panel closed');
    expect(view.frame()).toContain('#N1025');
  });

  it('takes a time ago in a date field: 7d is seven days before now, sent as a date-time', async () => {
    // North order 1000+i is submitted i hours after 2026-11-01T00:00:00Z; now is a week and 12 h later.
    const now = () => Date.parse('2026-11-08T12:00:00Z');
    const view = track(renderConsole({ baseUrl: sandbox.url, now, rows: 40 }));
    await view.waitFor('#N1025');
    await view.press('f', '› Statuses');
    await view.press(KEY.tab, '› Submitted from');
    await view.press('7x', '✗ "7x" is not a date. Use');
    await view.press(KEY.backspace);
    await view.press('d');
    await view.waitUntil((f) => !f.includes('is not a date'), 'the error goes once the field reads 7d');
    await view.press(KEY.enter);
    await view.waitUntil((f) => f.includes('#N1014') && !f.includes('#N1011'), 'only orders of the last 7 days');
    const filters = view.calls.at(-1)?.filters;
    expect(Date.parse(filters?.submittedAtMin ?? '')).toBe(Date.parse('2026-11-01T12:00:00Z'));
    expect(filters?.submittedAtMin).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
  });

  it('quick find opens a single match, lists several and says when there is none', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 5 }));
    await view.waitFor('#N1021');
    // Not on the loaded page: found through the service.
    await view.press('/', 'Find (order name or id)');
    await view.press('N1009');
    await view.press(KEY.enter, 'Order #N1009');
    await view.press(KEY.escape, '#N1021');
    await view.waitUntil((f) => !f.includes('Order #N1009'), 'back on the list');

    await view.press('/', 'Find (order name or id)');
    await view.press('1002');
    await view.press(KEY.enter, 'Order #N1002');
    await view.press(KEY.escape, '#N1021');

    await view.press('/', 'Find (order name or id)');
    await view.press('#DUP');
    await view.press(KEY.enter, '2 orders match');
    expect(view.frame()).toMatch(/› 1004\s+#DUP/);
    await view.press(KEY.down);
    await view.waitUntil((f) => /› 1003\s+#DUP/.test(f), 'second match selected');
    await view.press(KEY.enter, 'Order #DUP');
    await view.press(KEY.escape, '#N1021');

    await view.press('/', 'Find (order name or id)');
    await view.press('nope');
    await view.press(KEY.enter, 'No order has the name or id "nope".');
  });

  it('a notice stays on the screen it was shown on', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 50 }));
    await view.waitFor('#N1025');
    await view.press('n', 'This is the last page.');
    await view.press(KEY.enter, 'Order #N1025');
    expect(view.frame()).not.toContain('This is the last page.');
  });

  it('quick find: ↓ moves visibly through matches even when only one fits', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, limit: 5, rows: 7 }));
    await view.waitFor('#N1025');
    await view.press('/', 'Find (order name or id)');
    await view.press('#DUP');
    await view.press(KEY.enter, '2 orders match');
    await view.waitUntil((f) => /› 1004\s+#DUP/.test(f) && f.includes('↓ 1 more'), 'first match shown, one more below');
    await view.press(KEY.down);
    await view.waitUntil((f) => /› 1003\s+#DUP/.test(f) && f.includes('↑ 1 more'), 'second match shown');
  });

  it('shows help generated from the binding table, the current screen first', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, rows: 30, columns: 80 }));
    await view.waitFor('#N1025');
    await view.press('?', 'Help: keys', 'Orders list', 'Find: customer, e-mail, order name or id');
    const lines = view.frame().split('\n');
    expect(lines[1]).toBe('Orders list');
    // At 80 columns a long description goes on under itself instead of being cut.
    const range = lines.findIndex((l) => l.startsWith('  V ') && l.includes('Start a range here'));
    expect(lines[range + 1]).toMatch(/^ {19}\S/);
    expect(`${lines[range]} ${lines[range + 1]}`).toContain('every order in');
    await view.press('j');
    await view.waitFor('Help: keys (2-');
    await view.press(KEY.escape);
    await view.waitUntil((f) => !f.includes('Help: keys'), 'help closed');
    expect(view.frame()).toContain('#N1025');
  });

  it('global keys work over every screen: the activity log and help open from an order and close back to it', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url }));
    await view.waitFor('#N1025');
    await view.press(KEY.enter, 'Order #N1025');
    await view.press('L', 'Activity log');
    await view.press(KEY.escape, 'Order #N1025');
    await view.press('?', 'Help: keys', 'Order screen');
    expect(view.frame().split('\n')[1]).toBe('Order screen');
    await view.press(KEY.escape, 'Order #N1025');
    await view.press(KEY.escape, 'Filters: all orders', '#N1025');
  });

  it('shows an error the service gave for a filter next to its field, with its code', async () => {
    const error = { code: 'invalid_status_value' as const, param: 'statuses', message: 'statuses contains an unknown value: "x".' };
    const view = track(
      renderFilterPanel({ initial: formFromFilters({ statuses: ['pending'] }, 50), serverError: error }),
    );
    // In the panel's words: the field as it is labelled.
    await view.waitFor('› Statuses', '✗ The service says: Statuses contains an unknown', '[invalid_status_value]');
    await view.press(' ');
    await view.waitUntil((f) => !f.includes('The service says'), 'cleared once the field is edited');
  });

  it('shows a field\'s format under it while it is empty or right, and only its error (which says what to type) when wrong', async () => {
    const view = track(renderFilterPanel({ initial: { ...formFromFilters({}, 50), from: '2026-11-10', to: '2026-11-02' }, serverError: null }));
    await view.waitFor('› Statuses');
    // The range error names both fields as the panel labels them.
    await view.waitFor('✗ Submitted from must not be later than Submitted to (from 2026-11-10T00:00:00Z,');
    await view.press('\t');
    await view.waitFor('› Submitted from');
    // Focused with an error: the error, not the format hint too.
    expect(view.frame()).not.toContain('2026-11-02, today, yesterday, 7d/12h/2w ago');
    await view.press('\t');
    await view.waitFor('› Submitted to', 'the same forms, inclusive');
  });

  it('read-only: mutating keys are shown off (after the keys that work, where there is room) and say why when pressed', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, isReadOnly: true, columns: 200 }));
    await view.waitFor('#N1025', '[read-only]', 'r receive (off: read-only)');
    await view.press('r', 'Read-only mode: "r" is off (start without --read-only to change orders).');
    await view.press('A', 'Read-only mode: "A"');
  });

  it('shows the sandbox badge for the embedded sandbox', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, isSandbox: true }));
    await view.waitFor('SANDBOX · demo data', '#N1025');
  });
});
