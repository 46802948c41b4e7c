import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { sanitizeForTerminal as safe } from '../../src/format/sanitize.js';
import { createStyle } from '../../src/format/style.js';
import { displayWidth } from '../../src/format/width.js';
import { editText, textAt } from '../../src/ui/components/text-edit.js';
import { LIST_FIELDS } from '../../src/cli/commands/list/list-fields.js';
import { itemCounts } from '../../src/format/order.js';
import { itemsCell, orderColumns, submittedCell } from '../../src/ui/screens/list/order-columns.js';
import { describeFilters } from '../../src/ui/screens/list/describe-filters.js';
import { fitCell, headerLine, layoutColumns, rowLine } from '../../src/ui/table/table-layout.js';

const NO_KEY = { upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false } satisfies Key;
const key = (k: Partial<Key> = {}): Key => ({ ...NO_KEY, ...k });

describe('text editing', () => {
  it('inserts at the cursor, erases left, moves', () => {
    let s = textAt('ac');
    s = editText(s, '', key({ leftArrow: true }))!;
    s = editText(s, 'b', key())!;
    expect(s).toEqual({ value: 'abc', cursor: 2 });
    s = editText(s, '', key({ delete: true }))!; // the Backspace key of most terminals
    expect(s).toEqual({ value: 'ac', cursor: 1 });
    s = editText(s, '', key({ home: true }))!;
    expect(editText(s, '', key({ backspace: true }))).toEqual(s);
    expect(editText(s, '', key({ end: true }))!.cursor).toBe(2);
  });

  it('takes a pasted burst whole and drops control characters', () => {
    expect(editText(textAt(''), '#N10\u001b[31m05\r', key())).toEqual({ value: '#N10[31m05', cursor: 10 });
  });

  it('leaves Enter, Esc, Tab, up/down and Ctrl keys to the caller', () => {
    for (const k of [{ return: true }, { escape: true }, { tab: true }, { upArrow: true }, { ctrl: true }]) {
      expect(editText(textAt('x'), 'c', key(k))).toBeNull();
    }
  });

  it("edits with readline's Ctrl keys: A start, E end, U erase to the start, K erase to the end, W erase a word", () => {
    const at = (value: string, cursor: number) => ({ value, cursor });
    expect(editText(at('ab cd', 3), 'a', key({ ctrl: true }))).toEqual(at('ab cd', 0));
    expect(editText(at('ab cd', 0), 'e', key({ ctrl: true }))).toEqual(at('ab cd', 5));
    expect(editText(at('stauts pendng', 7), 'u', key({ ctrl: true }))).toEqual(at('pendng', 0));
    expect(editText(at('ab cd', 2), 'k', key({ ctrl: true }))).toEqual(at('ab', 2));
    expect(editText(at('status  pendng  ', 16), 'w', key({ ctrl: true }))).toEqual(at('status  ', 8));
    expect(editText(at('😀 ab', 4), 'w', key({ ctrl: true }))).toEqual(at('😀 ', 2));
    expect(editText(at('ab', 2), 'n', key({ ctrl: true }))).toBeNull();
  });

  it('counts code points, not UTF-16 units', () => {
    const s = editText(textAt('😀'), '', key({ backspace: true }))!;
    expect(s).toEqual({ value: '', cursor: 0 });
  });
});

const order = (over: Partial<ReturnOrder> = {}): ReturnOrder => ({
  id: 1001, cust_email: 'ana@example.com', cust_first_name: 'Ana', cust_last_name: 'Lima', status: 'pending',
  currency: 'EUR', order_id: '1', order_name: '#N1001', submitted_at: '2026-11-02T09:15:00Z',
  refunds: [{ id: 1, status: 'pending', title: 't', quantity: 1, price: '1.00' }],
  exchanges: [{ id: 2, status: 'approved', title: 't', quantity: 1, price: '1.00' }, { id: 3, status: 'pending', title: 't', quantity: 1, price: '1.00' }],
  ...over,
});

describe('order columns', () => {
  it('counts items and pending ones; says n/a without item data (D4)', () => {
    expect(itemCounts(order())).toEqual({ refunds: 1, exchanges: 2, pending: 2 });
    expect(itemsCell(order())).toEqual(['1R 2E · 2 pending', '1R 2E 2p']);
    expect(itemsCell(order({ refunds: undefined, exchanges: undefined }))).toEqual(['n/a']);
  });

  it('can show every column `list --fields` shows, by the same name (saved views name columns that way)', () => {
    const names = LIST_FIELDS.filter((f) => f.isDisplayable).map((f) => f.name);
    expect(orderColumns(Date.now(), names)).toHaveLength(names.length);
  });

  it('shows submitted in local time with its age, shorter forms for narrow columns', () => {
    const now = Date.parse('2026-11-05T09:15:00Z');
    const [long, short, dateOnly, age] = submittedCell('2026-11-02T09:15:00Z', now);
    expect(long).toMatch(/^2026-11-0\d \d\d:\d\d · 3d$/);
    expect(short).toMatch(/^11-0\d \d\d:\d\d · 3d$/);
    expect(dateOnly).toMatch(/^11-0\d \d\d:\d\d$/);
    expect(age).toBe('3d');
  });

  it('sanitizes service strings before layout', () => {
    const cols = orderColumns(Date.now());
    const hostile = order({ order_name: '#N\u001b]52;c;eA==\u0007', cust_first_name: 'A\u202eB' });
    const line = rowLine(layoutColumns(cols, 200), hostile, createStyle(false));
    expect(line).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(line).toContain('<U+202E>');
  });
});

describe('table layout', () => {
  const cols = orderColumns(Date.parse('2026-11-05T09:15:00Z'));
  const rows = [
    order({ cust_first_name: 'Maximiliane', cust_last_name: 'Oberhuber-Lindqvist', cust_email: 'maximiliane.oberhuber@example.com' }),
    order({ id: 1002, status: 'pending_payment_from_customer' }),
  ];

  it('shows every column when there is room', () => {
    const laid = layoutColumns(cols, 200);
    expect(laid.map((c) => c.spec.key)).toEqual(['id', 'order', 'status', 'customer', 'email', 'submitted', 'items', 'currency']);
  });

  it('drops the e-mail first, then currency and customer, never id, order or status', () => {
    const at80 = layoutColumns(cols, 78).map((c) => c.spec.key);
    expect(at80).not.toContain('email');
    expect(at80).toEqual(expect.arrayContaining(['id', 'order', 'status', 'submitted', 'items']));
    const narrow = layoutColumns(cols, 40).map((c) => c.spec.key);
    expect(narrow).toEqual(expect.arrayContaining(['id', 'order', 'status']));
    expect(narrow).not.toContain('customer');
  });

  it('lines never exceed the width they were laid out for', () => {
    for (const width of [40, 60, 78, 98, 140]) {
      const laid = layoutColumns(cols, width);
      expect(displayWidth(headerLine(laid))).toBeLessThanOrEqual(width);
      for (const r of rows) expect(displayWidth(rowLine(laid, r, createStyle(false)))).toBeLessThanOrEqual(width);
    }
  });

  it('shows one form of a column on every row, chosen by the width alone', () => {
    type R = { readonly age: string };
    const cols = [{ key: 'submitted', header: 'Submitted', width: 17, formWidths: [17, 4], isFlexible: true, minWidth: 3, cell: (r: R) => [safe(`11-23 22:08 · ${r.age}`), safe(r.age)] }];
    const rows: R[] = [{ age: '1h' }, { age: '10h' }];
    // 16 columns: narrower than the long form, so every row shows the age alone, whatever it is.
    const laid = layoutColumns(cols, 16);
    expect(laid.map((c) => c.form)).toEqual([1]);
    expect(rows.map((r) => rowLine(laid, r, createStyle(false)).trimEnd())).toEqual(['1h', '10h']);
    const wide = layoutColumns(cols, 40);
    expect(rows.map((r) => rowLine(wide, r, createStyle(false)).trimEnd())).toEqual(['11-23 22:08 · 1h', '11-23 22:08 · 10h']);
  });

  it('shows the variant of its form, cut when wider', () => {
    expect(fitCell([safe('long variant'), safe('short')], 8, 'left', 1)).toBe('short   ');
    expect(fitCell([safe('long variant'), safe('shortish')], 5, 'left', 1)).toBe('shor…');
    expect(fitCell([safe('long variant'), safe('short')], 8)).toBe('long va…');
    expect(fitCell('42', 4, 'right')).toBe('  42');
  });

  it('describes the active filters for the header', () => {
    expect(describeFilters({})).toBe('all orders');
    expect(describeFilters({ statuses: ['pending', 'reviewed'], ids: [1, 2], orderNames: ['#A\u001b[2J'] })).toBe(
      'status pending,reviewed · ids 1,2 · names #A␛',
    );
  });
});
