/**
 * Ink's word wrap (wrap-ansi with trim: false) without the spaces of its line breaks: a row
 * after an exactly full row no longer starts one column in, and no row holds only the space
 * a line was broken at. Everything else is wrap-ansi's own wrapping, rows for rows.
 */
import fc from 'fast-check';
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { withoutBreakSpaces } from '../../src/ui/ink/wrap-break-spaces.js';

// The wrap-ansi Ink wraps with (not a dependency of ours).
const fromInk = createRequire(createRequire(new URL('../../package.json', import.meta.url)).resolve('ink'));
const { default: wrapAnsi } = (await import(pathToFileURL(fromInk.resolve('wrap-ansi')).href)) as {
  default: (text: string, columns: number, options?: object) => string;
};

const INK_WRAP = { trim: false, hard: true } as const;
const wrap = withoutBreakSpaces(wrapAnsi);
const rows = (text: string, columns: number) => wrap(text, columns, INK_WRAP).split('\n');

describe("Ink's wrap without the spaces of its breaks", () => {
  it('a row after an exactly full row starts at its first word', () => {
    const hint = 'Esc leave scan mode · Enter after each name or id (a scanner sends it)';
    expect(wrapAnsi(hint, 60, INK_WRAP).split('\n')[1]).toBe(' sends it)');
    expect(rows(hint, 60)).toEqual(['Esc leave scan mode · Enter after each name or id (a scanner', 'sends it)']);
    expect(rows('aaaaaaaaaa bbb', 5)).toEqual(['aaaaa', 'aaaaa', 'bbb']);
  });

  it('drops a row that held only the break’s spaces', () => {
    expect(wrapAnsi('aaaa bbbb', 4, INK_WRAP)).toBe('aaaa\n \nbbbb');
    expect(rows('aaaa bbbb', 4)).toEqual(['aaaa', 'bbbb']);
    expect(rows('aaaa  bbbb', 4)).toEqual(['aaaa', 'bbbb']);
  });

  it('keeps a text’s own leading spaces, its line breaks and its colours', () => {
    expect(rows('  indented text here', 10)).toEqual(['  indented', 'text here']);
    expect(rows('  a b\n  c d', 10)).toEqual(['  a b', '  c d']);
    const red = rows('\u001b[31mabcd efgh\u001b[39m', 4);
    expect(red).toEqual(['\u001b[31mabcd\u001b[39m', '\u001b[31mefgh\u001b[39m']);
    // A link (OSC 8) that wrap-ansi opens again on each row.
    const link = rows('\u001b]8;;https://example.com\u0007abcd efgh\u001b]8;;\u0007', 4);
    expect(link.map((row) => row.replace(/\u001b\]8;;[^\u0007]*\u0007/g, ''))).toEqual(['abcd', 'efgh']);
  });

  it('changes nothing else: no trim, no character wrap, lines that fit', () => {
    expect(wrap('aaaa bbbb', 4)).toBe(wrapAnsi('aaaa bbbb', 4));
    expect(wrap('aaaa bbbb', 4, { trim: false, hard: true, wordWrap: false })).toBe(wrapAnsi('aaaa bbbb', 4, { trim: false, hard: true, wordWrap: false }));
    expect(wrap('short', 10, INK_WRAP)).toBe('short');
  });

  it('for any words: the same words in order, rows within the width, none starting with a break space', () => {
    const word = fc.stringMatching(/^[a-z·✓…]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 4, max: 40 }), (words, columns) => {
        const out = rows(words.join(' '), columns);
        for (const row of out) expect(stringWidth(row)).toBeLessThanOrEqual(columns);
        for (const row of out) expect(row.startsWith(' ')).toBe(false);
        expect(out.join(' ').split(/ +/).join('')).toBe(words.join(''));
      }),
    );
  });

  it('Ink draws a wrapped Text that way (vitest runs the patched Ink, as the bundle does)', () => {
    const view = render(
      <Box width={60}>
        <Text>Esc leave scan mode · Enter after each name or id (a scanner sends it)</Text>
      </Box>,
    );
    expect(view.lastFrame()?.split('\n')).toEqual(['Esc leave scan mode · Enter after each name or id (a scanner', 'sends it)']);
    view.unmount();
  });
});
