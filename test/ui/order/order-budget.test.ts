/**
 * The order screen's line budget (orderBudget, pure): rows for the items on a terminal of a
 * given size with the parts shown, as examples and as a property over sizes 40x10 to
 * 200x60 with the parts' real line counts at that width (footer, banner, note, reason
 * prompt, question): the parts never add up to more than the rows, the question and the
 * footer come first, and the items get every row the others leave.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseFooter, footerHints } from '../../../src/ui/components/key-hints.js';
import { textAt } from '../../../src/ui/components/text-edit.js';
import { display, sanitizeForTerminal } from '../../../src/format/sanitize.js';
import { wrapToWidth } from '../../../src/format/width.js';
import { KEY_BINDINGS } from '../../../src/ui/keys/bindings.js';
import { message } from '../../../src/ui/screens/order/order-banner.js';
import { orderBudget, type OrderShown } from '../../../src/ui/screens/order/order-budget.js';
import { confirmPart } from '../../../src/ui/screens/order/confirm-dialog.js';
import { bannerRows } from '../../../src/ui/screens/order/error-banner.js';
import { ORDER_HEADER_LINES } from '../../../src/ui/screens/order/order-header.js';
import { reasonPromptNeed } from '../../../src/ui/screens/order/reason-prompt.js';
import { propertyRuns } from '../../helpers/property-runs.js';

const plain: OrderShown = { header: ORDER_HEADER_LINES, items: { min: 1, want: 40 }, note: 0, keepOff: 0, banner: 0, reason: null, question: null, sending: 0, footer: 1 };
const total = (rows: Partial<Record<string, number>>) => Object.values(rows).reduce((a: number, r) => a + (r ?? 0), 0);

describe('orderBudget: examples', () => {
  it('80x24, a long pending order: the items get all but the header and the footer (they scroll; the gaps go first)', () => {
    expect(orderBudget(24, plain)).toEqual({ header: 3, 'header-gap': 0, items: 20, 'footer-gap': 0, footer: 1 });
  });

  it('a short order: the items get what they want, and the gaps are kept', () => {
    expect(orderBudget(24, { ...plain, items: { min: 1, want: 5 } })).toEqual({ header: 3, 'header-gap': 1, items: 5, 'footer-gap': 1, footer: 1 });
  });

  it('a banner, a note and a question take their rows from the items', () => {
    const rows = orderBudget(24, { ...plain, note: 1, banner: 3, question: { min: 4, want: 5 } });
    expect(rows).toMatchObject({ note: 1, banner: 3, question: 5, footer: 1, items: 24 - 3 - 1 - 3 - 5 - 1 });
    expect(total(rows)).toBe(24);
  });

  it('10 rows with a long reason prompt: the prompt and the footer are shown, the items keep a row while they fit', () => {
    const rows = orderBudget(10, { ...plain, reason: { min: 3, want: 8 } });
    expect(rows.footer).toBe(1);
    expect(rows.reason).toBeGreaterThanOrEqual(3);
    expect(total(rows)).toBeLessThanOrEqual(10);
    // 6 rows: the prompt, the footer and one item row; the header does not fit, the prompt grows into what is left.
    expect(orderBudget(6, { ...plain, reason: { min: 3, want: 8 } })).toMatchObject({ header: 0, reason: 4, footer: 1, items: 1 });
  });
});

/** A terminal size and the parts shown, with the line counts the screen's own functions give at that width. */
const screen = fc
  .record({
    columns: fc.integer({ min: 40, max: 200 }),
    rows: fc.integer({ min: 10, max: 60 }),
    items: fc.nat({ max: 400 }),
    note: fc.boolean(),
    keepOff: fc.boolean(),
    banner: fc.option(fc.string({ minLength: 1, maxLength: 400 }), { nil: null }),
    mode: fc.constantFrom('browse', 'reason', 'question', 'sending'),
    reason: fc.string({ maxLength: 500 }),
  })
  .map((c) => {
    const width = c.columns - 1;
    const scope = c.mode === 'reason' ? 'reason' : c.mode === 'question' ? 'confirm' : 'order';
    const question = c.mode === 'question' ? confirmPart('question', display`Send the review of #AO1820: ${sanitizeForTerminal(c.reason)}?`, width, 'armed', KEY_BINDINGS, 0) : null;
    const banner = c.banner === null ? null : message('error', c.banner, { detail: c.banner, requestId: 'req_1' });
    const shown: OrderShown = {
      header: ORDER_HEADER_LINES,
      items: c.items === 0 ? { min: 1, want: 1 } : { min: 1, want: c.items },
      note: c.note ? wrapToWidth('This order is received: nothing to do here (read-only).', width).length : 0,
      keepOff: c.keepOff ? 1 : 0,
      banner: banner ? bannerRows(banner, 'pending', width).length : 0,
      reason: c.mode === 'reason' ? reasonPromptNeed({ field: textAt(c.reason), presets: ['Damaged', 'Worn'], presetIndex: -1, error: null, width }) : null,
      question: question && { min: question.min, want: question.want },
      sending: c.mode === 'sending' ? 1 : 0,
      footer: chooseFooter(footerHints(scope, false, {}, KEY_BINDINGS), width).length,
    };
    return { rows: c.rows, shown };
  });

describe('orderBudget: every size from 40x10 to 200x60', () => {
  it('never more rows than the terminal has; the question and the footer first; the items get what the rest leaves', () => {
    fc.assert(
      fc.property(screen, ({ rows, shown }) => {
        const budget = orderBudget(rows, shown);
        expect(total(budget)).toBeLessThanOrEqual(rows);
        for (const r of Object.values(budget)) expect(r).toBeGreaterThanOrEqual(0);
        const prompt = shown.question ?? shown.reason;
        if (prompt && prompt.min <= rows) expect(budget[shown.question ? 'question' : 'reason']).toBeGreaterThanOrEqual(prompt.min);
        if (shown.footer + (prompt?.min ?? 0) <= rows) expect(budget.footer).toBe(shown.footer);
        // The items grow only into rows nothing else that matters more wants.
        const items = budget.items ?? 0;
        if (items > 0 && items < shown.items.want) expect(total(budget)).toBe(rows);
      }),
      propertyRuns('order budget', 500),
    );
  });
});
