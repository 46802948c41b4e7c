/**
 * The remembered text functions of Ink's renderer (src/ui/ink/text-memo.ts) answer as Ink's
 * own, first call and remembered call alike, over random text (styles, links, cursor
 * movements, controls, wide and combining characters); the memo forgets its oldest texts
 * when full; and the screen tests draw through them, as the bundle does.
 */
import fc from 'fast-check';
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import widestLine from 'widest-line';
import { describe, expect, it } from 'vitest';
// Ink's own sanitizeAnsi, by path (Ink's exports do not list it).
import sanitizeAnsi from '../../node_modules/ink/build/sanitize-ansi.js';
import { memoizeText, textMemoStats } from '../../src/ui/ink/text-memo.js';

const PIECES = [
  'a', 'Z', ' ', '·', '›', '…', '✓', '中', '😀', '👩‍👩‍👧', 'e\u0301', '\u0301', '\u200b', '\t', '\n', '\r', '\u0007', '\u0000', '\u009b',
  '\u001b[31m', '\u001b[39m', '\u001b[1;7m', '\u001b[38:5:208m', '\u001b[4:3m', '\u001b[2J', '\u001b[H', '\u001b[3A',
  '\u001b]8;;https://x.test\u0007', '\u001b]8;;\u0007', '\u001b',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((p) => p.join(''));

describe('remembered text functions', () => {
  it.each([
    ['widestLine', widestLine],
    ['sanitizeAnsi', sanitizeAnsi],
  ] as const)("%s answers as Ink's, first call and remembered call alike", (_name, original) => {
    const remembered = memoizeText(original as (t: string) => unknown, 64);
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (texts) => {
        for (const t of [...texts, ...texts]) expect(remembered(t)).toEqual(original(t));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps at most maxSize texts, forgetting the oldest', () => {
    let calls = 0;
    const length = memoizeText((t: string) => (calls++, t.length), 2);
    length('a');
    length('bb');
    length('a');
    expect(calls).toBe(2);
    length('ccc'); // 'a' is forgotten
    length('a');
    expect(calls).toBe(4);
  });

  it('are what the screen tests draw with (vitest applies the build patch to Ink)', () => {
    const before = textMemoStats();
    const tree = (n: number) => createElement(Box, { flexDirection: 'column' }, createElement(Text, null, '› same line'), createElement(Text, null, `line ${n}`));
    const { rerender, lastFrame, unmount } = render(tree(1));
    rerender(tree(2));
    expect(lastFrame()).toBe('› same line\nline 2');
    expect(textMemoStats().remembered).toBeGreaterThan(before.remembered);
    unmount();
  });
});
