import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, fitColumns, renderTable, type ColumnSpec } from '../../src/format/table.js';
import { sanitizeForTerminal } from '../../src/format/sanitize.js';
import { displayWidth, fitToWidth, truncateMiddleToWidth, truncateToWidth, wrapToWidth } from '../../src/format/width.js';

describe('width', () => {
  it('counts wide characters as two columns and combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('山田')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('👍')).toBe(2);
  });

  it('cuts on grapheme boundaries with an ellipsis and never exceeds the width', () => {
    expect(truncateToWidth('Rain jacket', 6)).toBe('Rain …');
    expect(truncateToWidth('山田太郎', 5)).toBe('山田…');
    expect(truncateToWidth('short', 10)).toBe('short');
    expect(truncateToWidth('abc', 0)).toBe('');
    expect(fitToWidth('山', 4)).toBe('山  ');
    expect(fitToWidth('7', 3, 'right')).toBe('  7');
  });

  it('cuts in the middle for ids, keeping their start and end, on grapheme boundaries', () => {
    expect(truncateMiddleToWidth('req_3a61dd3b5000000000000073', 12)).toBe('req_3a…00073');
    expect(truncateMiddleToWidth('req_3a61dd3b5000000000000074', 12)).toBe('req_3a…00074');
    expect(truncateMiddleToWidth('req_1', 12)).toBe('req_1');
    expect(truncateMiddleToWidth('山田太郎山田太郎', 7)).toBe('山田…郎');
    expect(displayWidth(truncateMiddleToWidth('👍👍👍👍👍', 6))).toBeLessThanOrEqual(6);
    expect(fitToWidth('req_3a61dd3b5000000000000073', 12, 'left', 'middle')).toBe('req_3a…00073');
  });

  it('fitToWidth always yields exactly the width asked (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '山', '👍', 'e\u0301', ' ', '…'), maxLength: 30 });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 40 }), (t, w) => {
        expect(displayWidth(fitToWidth(t, w))).toBe(w);
      }),
      { numRuns: 300 },
    );
  });
});

const COLUMNS: ColumnSpec[] = [
  { header: 'ID', align: 'right' },
  { header: 'STATUS' },
  { header: 'CUSTOMER', isFlexible: true, minWidth: 8, dropPriority: 5 },
  { header: 'EMAIL', isFlexible: true, minWidth: 10, dropPriority: 2 },
  { header: 'CUR', dropPriority: 1 },
];

describe('fitColumns', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitColumns(COLUMNS, [4, 7, 12, 20, 3], 80)).toEqual([
      { index: 0, width: 4 },
      { index: 1, width: 7 },
      { index: 2, width: 12 },
      { index: 3, width: 20 },
      { index: 4, width: 3 },
    ]);
  });

  it('cuts the widest flexible column first, down to its minimum', () => {
    // natural: 4+7+12+20+3 + 8 gaps = 54; room 50: e-mail gives 4 columns.
    const layout = fitColumns(COLUMNS, [4, 7, 12, 20, 3], 50);
    expect(layout.map((c) => c.width)).toEqual([4, 7, 12, 16, 3]);
  });

  it('drops columns by priority when cutting is not enough', () => {
    // Cut to their minimums all five need 4+7+8+10+3 + 8 = 40 columns.
    expect(fitColumns(COLUMNS, [4, 7, 12, 20, 3], 38).map((c) => c.index)).toEqual([0, 1, 2, 3]);
    expect(fitColumns(COLUMNS, [4, 7, 12, 20, 3], 30).map((c) => c.index)).toEqual([0, 1, 2]);
    expect(fitColumns(COLUMNS, [4, 7, 12, 20, 3], 20).map((c) => c.index)).toEqual([0, 1]);
    // Columns that are never dropped stay even when nothing fits.
    expect(fitColumns(COLUMNS, [4, 7, 12, 20, 3], 5).map((c) => c.index)).toEqual([0, 1]);
  });
});

describe('renderTable', () => {
  const rows = [
    ['1001', 'pending', 'Ana Lima', 'ana@example.com', 'EUR'],
    ['1002', 'pending_payment_from_customer', '山田 太郎', 'taro.yamada@example.jp', 'JPY'],
  ].map((r) => r.map((c) => sanitizeForTerminal(c)));

  it('aligns columns and right-aligns numbers, without trailing spaces', () => {
    const lines = renderTable({ columns: COLUMNS, rows, maxWidth: 200 });
    expect(lines[0]).toBe('  ID  STATUS                         CUSTOMER   EMAIL                   CUR');
    expect(lines[1]).toBe('1001  pending                        Ana Lima   ana@example.com         EUR');
    expect(lines[2]).toBe('1002  pending_payment_from_customer  山田 太郎  taro.yamada@example.jp  JPY');
  });

  it('never produces a line wider than the terminal when it can fit (property)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', '山', '👍', 'x', ' '), maxLength: 25 });
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell, cell, cell, cell), { maxLength: 6 }), fc.integer({ min: 40, max: 120 }), (body, width) => {
        const lines = renderTable({ columns: COLUMNS, rows: body.map((r) => ['1', 'pending', r[2], r[3], 'EUR'].map((c) => sanitizeForTerminal(c))), maxWidth: width });
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }),
      { numRuns: 200 },
    );
  });

  it('paints after padding, so colour codes never shift columns', () => {
    const lines = renderTable({ columns: COLUMNS, rows, maxWidth: 200, paintCell: (t, c) => (c === 1 ? `<${t}>` : t) });
    expect(lines[1]).toContain('<pending                      >');
  });
});

// The TSV and CSV writers themselves are the exporter's: test/cli/output.test.ts.
describe('CSV fields', () => {
  it('quotes CSV fields by RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('defuses spreadsheet formulas but leaves numbers alone', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-5.00')).toBe('-5.00');
  });
});

describe('wrapToWidth', () => {
  it('wraps at spaces, breaks only words wider than a line, and loses nothing', () => {
    expect(wrapToWidth('exchange Alpine Softshell Pants (L)', 12)).toEqual(['exchange', 'Alpine', 'Softshell', 'Pants (L)']);
    expect(wrapToWidth('ASP-LL-CG-XL-LONG', 5)).toEqual(['ASP-L', 'L-CG-', 'XL-LO', 'NG']);
    expect(wrapToWidth('登山用ソフト', 5)).toEqual(['登山', '用ソ', 'フト']);
    expect(wrapToWidth('', 10)).toEqual(['']);
  });

  it('never gives a line wider than the width, and keeps every word in order', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zé漢]{1,12}$/), { maxLength: 20 }), fc.integer({ min: 1, max: 30 }), (words, width) => {
        const lines = wrapToWidth(words.join(' '), width);
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(Math.max(width, 2));
        expect(lines.join('').replace(/ /g, '')).toBe(words.join(''));
      }),
    );
  });
});

describe('wrapToWidth keeps spacing', () => {
  it('keeps the spaces between words of a line as they were', () => {
    expect(wrapToWidth('#N1042 (1042)  ✓ approved', 80)).toEqual(['#N1042 (1042)  ✓ approved']);
    expect(wrapToWidth('a  b  c', 4)).toEqual(['a  b', 'c']);
  });
});
