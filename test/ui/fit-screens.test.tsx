/**
 * Every screen at 80x24 and 60x20 with the longest texts a clerk meets (test/helpers/
 * long-texts.ts): no line wider than the terminal, no more lines than it has, nothing
 * written over anything else, and every text a decision depends on (item title, exchange
 * target, customer's reason, stored and new reject reasons) readable in full.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { HICCUP_MS } from '../../src/ui/keys/scan-classifier.js';
import { ITEMS_MAX_WIDTH } from '../../src/ui/screens/order/item-lines.js';
import { createClient } from '../../src/api/client/index.js';
import { KEYS } from '../helpers/fixture.js';
import { LONG, longTextFixture } from '../helpers/long-texts.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: longTextFixture() });
});
afterAll(() => sandbox.close());
const views: ReturnType<typeof renderConsole>[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (views.length) await views.pop()!.cleanup();
  while (cleanups.length) await cleanups.pop()!();
});

const NEW_REJECT_REASON = 'Worn and the tags were removed before it was sent back to us, see the photos in the ticket';
const flat = (frame: string) => frame.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Types text the way a person does (a few characters per read). */
async function type(view: ReturnType<typeof renderConsole>, text: string): Promise<void> {
  // A Tab or Enter right after text typed at machine speed would end a scan (src/ui/keys/
  // scan-classifier.ts): a person's key comes after a pause.
  if (text === '\t' || text === '\u001b[Z' || text === '\r') await pause(HICCUP_MS + 50);
  for (let i = 0; i < text.length; i += 12) {
    view.stdin.write(text.slice(i, i + 12));
    await pause(30);
  }
}

describe.each([
  [80, 24],
  [60, 20],
])('every screen fits %ix%i', (columns, rows) => {
  const fits = (view: ReturnType<typeof renderConsole>, what: string) => {
    const lines = view.frame().split('\n');
    expect(lines.length, `${what}: lines\n${view.frame()}`).toBeLessThanOrEqual(rows);
    for (const line of lines) expect(displayWidth(line), `${what}: "${line}"`).toBeLessThanOrEqual(columns);
  };

  it('the order screen wraps every decision text; prompts, dialogs and the log fit', async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns, rows, filters: { ids: [1000, 1010, 1014] } });
    views.push(view);
    await view.waitFor('#N1014');
    fits(view, 'list');
    await view.press('G');
    await view.waitUntil((f) => /^›/m.test(f) && /› +1000/.test(f), 'last row selected');
    await view.press('\r', 'Order #NORTH-WAREHOUSE-2026-1000');
    // The first item (refund): its whole reason.
    await view.waitUntil((f) => flat(f).includes(`reason: ${LONG.reason}`), 'the refund reason in full');
    fits(view, 'order');
    // Deciding moves to the exchange: its title, the whole target with the size, its reason.
    await view.press('a');
    await view.waitUntil(
      // (at 60 columns the title itself wraps beside the status: its words, in order)
      (f) => /Alpine Softshell Pants .*\(L\).*→ for Alpine/.test(flat(f)) && flat(f).includes(`→ for ${LONG.exchangeTitle} [ASP-LL-CG-XL]`) && /▸ exchange/.test(f),
      'the exchange with its full target under the cursor',
    );
    expect(view.frame()).not.toContain('Alpine Softsh…');
    fits(view, 'order, exchange');
    // Reject it with a long reason: the prompt and then the decision show it whole.
    await view.press('x', 'reason?');
    await type(view, NEW_REJECT_REASON);
    await view.waitUntil((f) => flat(f).includes(NEW_REJECT_REASON), 'the reason typed in full');
    fits(view, 'reason prompt');
    await view.press('\r');
    await view.waitUntil((f) => flat(f).includes(`reject reason: ${NEW_REJECT_REASON}`), 'the reject reason in full');
    fits(view, 'order, decided');
    await view.press('s');
    await view.waitUntil((f) => flat(f).includes('Send the review of #NORTH-WAREHOUSE-2026-1000: 1 approve, 1 reject? (y/Enter: yes · n/Esc: no)'), 'the question whole');
    fits(view, 'confirm dialog');
    await view.press('n');
    await view.press('\u001b', 'Filters:');

    // A rejected order: the stored reject reason in full.
    await view.press('k');
    await view.waitUntil((f) => /› +1010/.test(f), '1010 selected');
    await view.press('\r', 'Order #N1010');
    await view.waitUntil((f) => flat(f).includes(`rejected because: ${LONG.storedRejectReason}`), 'the stored reject reason in full');
    fits(view, 'rejected order');
    await view.press('\u001b', 'Filters:');

    await view.press('L', 'Activity log');
    fits(view, 'activity log');
    await view.press('q', 'Filters:');
  });

  it('the filter panel with an error in every field shows whole fields, one above another', async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns, rows, filters: { ids: [1000, 1010, 1014] } });
    views.push(view);
    await view.waitFor('#N1014');
    await view.press('f', 'Statuses');
    for (const text of ['\t', 'yesterday-ish', '\t', '2020-13-45', '\t', 'a,b,,c', '\t', ',,', '\t', '999']) await type(view, text);
    // The focused field (page size) is whole: its value, its format and its error.
    await view.waitUntil((f) => /› Page size +1000,?/.test(f) || /› Page size +50999/.test(f), 'page size focused');
    await view.waitUntil((f) => flat(f).includes('✗ Page size must be a whole number from 1 to 100, written in digits. [invalid_limit]'), 'its error whole, the field named as the panel labels it');
    fits(view, 'filter panel');
    // Each label starts its own line: nothing of one field is drawn over another.
    const lines = view.frame().split('\n');
    for (const label of ['Submitted to', 'Ids', 'Order names', 'Page size']) {
      const line = lines.find((l) => l.includes(label));
      if (line) expect(line, view.frame()).toMatch(new RegExp(`^[› ] ${label}`));
    }
    // Back up: the fields above come into view, whole.
    for (let i = 0; i < 4; i++) await type(view, '\u001b[Z');
    await view.waitUntil((f) => /› Submitted from +yesterday-ish/.test(f) && flat(f).includes('invalid_date_format'), 'from focused with its error');
    fits(view, 'filter panel, from');
  });

  it('bulk results fit', async () => {
    // Its own sandbox: 1000 (the long name) and 1014 reviewed, 1010 rejected (left out before the
    // question); 1000 is received by another client between the question and the answer.
    const fixture = longTextFixture();
    for (const order of fixture.return_orders.filter((o) => o.id === 1000 || o.id === 1014)) {
      order.status = 'reviewed';
      for (const item of [...order.refunds, ...order.exchanges]) item.status = 'approved';
    }
    const own = await startTestSandbox({ fixture });
    const other = createClient({ baseUrl: own.url, apiKey: KEYS.north, maxRetries: 0 });
    cleanups.push(() => other.close(), () => own.close());
    const view = renderConsole({ baseUrl: own.url, columns, rows, filters: { ids: [1000, 1010, 1014] } });
    views.push(view);
    await view.waitFor('#N1014');
    await view.press('*', '3 marked');
    await view.press('r', 'Bulk receive · 2 orders');
    fits(view, 'bulk question');
    await other.receive(1000);
    await view.answer('y', 'Bulk receive finished');
    fits(view, 'bulk results');
    // Failures wrap: the code, the status and the whole message are there (scrolled to the last).
    await view.press('j');
    await view.waitUntil((f) => f.includes('#NORTH-WAREHOUSE'), 'scrolled to the last outcome');
    fits(view, 'bulk results, scrolled');
    expect(flat(view.frame())).toMatch(/#NORTH-WAREHOUSE-2026-1000 \(1000\) ✗ failed \(HTTP 422, request [^)…]+\) Return order 1000 is received; only a reviewed return order can be received\. \[invalid_state_transition\]/);
    expect(view.frame()).not.toContain('…');
    // The activity log names the orders, the id first so a narrow column keeps it.
    await view.press('\r');
    await view.press('L', 'Activity log');
    await view.waitUntil((f) => /1014/.test(f), 'the log read');
    // The names and codes are there at 80 columns (one line an entry) and at 60 (two lines an entry).
    await view.waitUntil((f) => /1000 #N/.test(f) && /1014 #N/.test(f) && f.includes('✗ invalid_state_transition'), 'names and codes in the log');
    fits(view, 'activity log with entries');
    // Under 100 columns its times leave the year out, as the list does.
    expect(view.frame()).toMatch(/^\d\d-\d\d \d\d:\d\d {2}receive/m);
  });
});

describe('a wide terminal', () => {
  it(`keeps an item's status and decision within ${ITEMS_MAX_WIDTH} columns, near its title`, async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns: 200, rows: 50, filters: { ids: [1000, 1010, 1014] } });
    views.push(view);
    await view.waitFor('#N1014');
    await view.press('\r', 'Order #N1014');
    await view.waitFor('→ undecided');
    const row = view.frame().split('\n').find((l) => l.startsWith('▸ '))!;
    expect(row).toMatch(/ pending +→ undecided/);
    expect(displayWidth(row.trimEnd())).toBeLessThanOrEqual(ITEMS_MAX_WIDTH);
  });
});
