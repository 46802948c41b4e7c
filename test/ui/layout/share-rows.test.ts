/**
 * shareRows, the one place a screen's rows are shared among its parts (pure), as properties
 * over random screens of parts: never more rows than the screen has, every part left out or
 * given from its minimum to its wish, every part that fits shown before any part grows, and
 * a part that matters more served first. And the wrapped rows of a text field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldRows, firstShownRow } from '../../../src/ui/components/text-field.js';
import { shareRows, type RowNeed } from '../../../src/ui/layout/share-rows.js';
import { displayWidth } from '../../../src/format/width.js';

const need: fc.Arbitrary<RowNeed> = fc
  .record({ min: fc.nat({ max: 12 }), extra: fc.nat({ max: 40 }), priority: fc.integer({ min: 0, max: 9 }) })
  .map(({ min, extra, priority }) => ({ min, want: min + extra, priority }));
const screen = fc.record({ height: fc.integer({ min: -2, max: 80 }), parts: fc.array(need, { maxLength: 12 }) });

describe('sharing a screen\'s rows among its parts', () => {
  it('never gives more rows than the screen has, and each part none or from its minimum to its wish', () => {
    fc.assert(
      fc.property(screen, ({ height, parts }) => {
        const rows = shareRows(height, parts);
        expect(rows).toHaveLength(parts.length);
        expect(rows.reduce((a, r) => a + r, 0)).toBeLessThanOrEqual(Math.max(0, height));
        rows.forEach((r, i) => {
          expect(r).toBeLessThanOrEqual(parts[i]!.want);
          if (r > 0) expect(r).toBeGreaterThanOrEqual(parts[i]!.min);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves a part out only when its minimum did not fit in what the parts before it left', () => {
    fc.assert(
      fc.property(screen, ({ height, parts }) => {
        const rows = shareRows(height, parts);
        const order = parts.map((_, i) => i).sort((a, b) => parts[a]!.priority - parts[b]!.priority || a - b);
        let left = Math.max(0, height);
        for (const i of order) {
          const isShown = rows[i]! > 0 || parts[i]!.min === 0;
          if (parts[i]!.min <= left) {
            expect(isShown).toBe(true);
            left -= parts[i]!.min;
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('grows no part while one that matters more could still grow', () => {
    fc.assert(
      fc.property(screen, ({ height, parts }) => {
        const rows = shareRows(height, parts);
        const total = rows.reduce((a, r) => a + r, 0);
        parts.forEach((p, i) => {
          if (rows[i]! <= p.min) return;
          // Part i grew: every shown part that matters more has all it wants, or nothing was left.
          for (const [j, q] of parts.entries()) {
            const isBefore = q.priority < p.priority || (q.priority === p.priority && j < i);
            if (isBefore && rows[j]! > 0) expect(rows[j] === q.want || total === height).toBe(true);
          }
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('gives blank rows (no minimum, least priority) only what is left, so content is never cut for them', () => {
    const rows = shareRows(10, [{ min: 3, want: 3, priority: 3 }, { min: 0, want: 1, priority: 9 }, { min: 1, want: 20, priority: 5 }, { min: 0, want: 1, priority: 9 }, { min: 1, want: 1, priority: 1 }]);
    expect(rows).toEqual([3, 0, 6, 0, 1]);
    expect(shareRows(30, [{ min: 3, want: 3, priority: 3 }, { min: 0, want: 1, priority: 9 }, { min: 1, want: 20, priority: 5 }])).toEqual([3, 1, 20]);
  });
});

describe('a text field in rows', () => {
  const chars = fc.constantFrom('a', 'b', ' ', 'é', '日', '🥾', '-', ',');
  it('keeps every character, in order, in rows no wider than the width, the cursor on exactly one', () => {
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 120 }), fc.integer({ min: 2, max: 40 }), fc.nat(), (list, width, at) => {
        const value = list.join('');
        const cursor = at % ([...value].length + 1);
        const { rows, cursorRow } = fieldRows({ value, cursor }, width);
        const text = rows.map((r) => `${r.before}${r.at ?? ''}${r.after}`).join('');
        // The cursor's own cell at the end is a space.
        expect(text).toBe(cursor === [...value].length ? `${value} ` : value);
        for (const r of rows) expect(displayWidth(`${r.before}${r.at ?? ''}${r.after}`)).toBeLessThanOrEqual(Math.max(width, 2));
        expect(rows.filter((r) => r.at !== null)).toHaveLength(1);
        expect(rows[cursorRow]!.at).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it('breaks at spaces as prose does, inside a word only when it is wider than a row', () => {
    const reason = 'Worn and the tags were removed before it was sent back to us';
    const rows = fieldRows({ value: reason, cursor: [...reason].length }, 20).rows.map((r) => `${r.before}${r.at ?? ''}${r.after}`);
    expect(rows).toEqual(['Worn and the tags ', 'were removed before ', 'it was sent back to ', 'us ']);
    expect(fieldRows({ value: 'x'.repeat(25), cursor: 0 }, 10).rows.map((r) => `${r.before}${r.at ?? ''}${r.after}`)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('shows the rows up to the cursor\'s', () => {
    expect(firstShownRow(10, 9, 3)).toBe(7);
    expect(firstShownRow(10, 0, 3)).toBe(0);
    expect(firstShownRow(2, 1, 5)).toBe(0);
  });
});
