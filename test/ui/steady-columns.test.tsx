/**
 * A steady list: column widths and cell forms depend on the terminal's width and the column,
 * never on the page on screen, so paging (and refreshing) never moves a column. Pages of very
 * different data (short and very long order names, orders with and without pending items,
 * ages of hours and weeks) at several widths, against the sandbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  const fixture = makeFixture(28);
  for (const o of fixture.return_orders) {
    // Page 2 (five orders a page, newest first: 1020-1016) gets long names; page 1 short ones.
    if (o.id >= 1016 && o.id <= 1020) o.order_name = `#NORTH-WAREHOUSE-RETURNS-${o.id}`;
    if (o.id >= 1021) o.order_name = `#${o.id - 1000}`;
    // Pending items on page 2 and page 3 only (1014 is pending already).
    if (o.id === 1018) {
      o.status = 'pending';
      for (const item of [...o.refunds, ...o.exchanges]) item.status = 'pending';
    }
  }
  // One order submitted minutes ago, the others weeks ago.
  fixture.return_orders.find((o) => o.id === 1025)!.submitted_at = new Date(Date.now() - 5 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  sandbox = await startTestSandbox({ fixture });
});
afterAll(() => sandbox.close());
const views: ReturnType<typeof renderConsole>[] = [];
afterEach(async () => {
  while (views.length) await views.pop()!.cleanup();
});

/** The table's header line and its rows. */
function table(frame: string): { readonly header: string; readonly rows: readonly string[] } {
  const lines = frame.split('\n');
  const at = lines.findIndex((l) => /^\s+ID Order/.test(l));
  return { header: lines[at]!, rows: lines.slice(at + 1).filter((l) => /^[› ][✓ ][✎ ]\s*\d+ #/.test(l)) };
}

describe('a steady list', () => {
  it.each([60, 80, 120, 200])('keeps every column in place and in one form while paging, at %i columns', async (columns) => {
    const view = renderConsole({ baseUrl: sandbox.url, columns, rows: 20, limit: 5 });
    views.push(view);
    await view.waitFor('#25 ');
    const pages = [table(view.frame())];
    await view.press('n', '#NORTH-WA');
    await view.waitUntil((f) => table(f).rows.length === 5 && table(f).rows.some((r) => r.includes('1018')), 'page 2');
    pages.push(table(view.frame()));
    await view.press('n');
    await view.waitUntil((f) => table(f).rows.some((r) => r.includes('1014')), 'page 3');
    pages.push(table(view.frame()));
    await view.press('p');
    await view.press('p');
    await view.waitUntil((f) => table(f).rows.some((r) => r.includes(' 1025 ')), 'page 1 again');
    pages.push(table(view.frame()));

    // The same header on every page: every column as wide as on the first.
    for (const page of pages) expect(page.header).toBe(pages[0]!.header);
    // Every row's cells start where the header's titles start (a cell is cut, never wider).
    const starts = [...pages[0]!.header.matchAll(/\S+/g)].map((m) => m.index);
    const rows = pages.flatMap((p) => p.rows);
    for (const row of rows) {
      for (const start of starts.slice(1)) expect(row[start! - 1], `"${row}" at ${start}`).toBe(' ');
    }
    // One form of the Submitted and Items cells on every row of every page.
    const submitted = new Set(rows.map((r) => (/\d\d:\d\d · \S+/.test(r) ? 'with age' : /\d\d-\d\d \d\d:\d\d/.test(r) ? 'time' : 'other')));
    expect(submitted.size).toBe(1);
    const pendingForms = new Set(rows.filter((r) => /1R 1E (·|\d)/.test(r)).map((r) => (r.includes('pending') ? 'long' : 'short')));
    expect(pendingForms.size).toBeLessThanOrEqual(1);
  });
});
