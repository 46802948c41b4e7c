/**
 * The build's fast paths for text change no output: the memoized string-width (with its
 * fast path for standalone characters), slice-ansi and ansi-tokenize functions
 * (scripts/text-memo-plugin.mjs), string-width's lazily compiled emoji expression
 * (source-patch-plugin.mjs) and FastSegmenter (fast-segmenter.mjs), bundled as the console
 * gets them, give exactly what the libraries give, first call and cached call alike,
 * on styled text of every kind Ink writes (colours, bold, inverse, wide and combining
 * characters, emoji), including lines composed of cells from several lines as Ink does.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { styledCharsFromTokens, styledCharsToString, tokenize } from '@alcalzone/ansi-tokenize';
import { build } from 'esbuild';
import fc from 'fast-check';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { FastSegmenter } from '../../scripts/fast-segmenter.mjs';
// @ts-expect-error: a plain ES module of the build, without types
import { sourcePatchPlugin } from '../../scripts/source-patch-plugin.mjs';
// @ts-expect-error: a plain ES module of the build, without types
import { STANDALONE_RANGES } from '../../scripts/standalone-chars.mjs';
// @ts-expect-error: a plain ES module of the build, without types
import { textMemoPlugin } from '../../scripts/text-memo-plugin.mjs';

type Tokenize = typeof tokenize;
interface Memoized {
  stringWidth: typeof stringWidth;
  sliceAnsi: typeof sliceAnsi;
  tokenize: Tokenize;
  styledCharsFromTokens: typeof styledCharsFromTokens;
  styledCharsToString: typeof styledCharsToString;
}

let memo: Memoized;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-text-memo-'));
  const outfile = join(dir, 'memo.mjs');
  await build({
    stdin: {
      contents: [
        "export { default as stringWidth } from 'string-width';",
        "export { default as sliceAnsi } from 'slice-ansi';",
        "export { tokenize, styledCharsFromTokens, styledCharsToString } from '@alcalzone/ansi-tokenize';",
      ].join('\n'),
      resolveDir: new URL('../..', import.meta.url).pathname,
      loader: 'js',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // As scripts/build.mjs bundles the console: string-width patched and memoized,
    // Intl.Segmenter answered by FastSegmenter.
    plugins: [sourcePatchPlugin(), textMemoPlugin],
    define: { 'Intl.Segmenter': 'FastSegmenter' },
    inject: [new URL('../../scripts/fast-segmenter.mjs', import.meta.url).pathname],
    logLevel: 'error',
  });
  // The plugin is in effect: the bundle holds the memoizing versions.
  expect(readFileSync(outfile, 'utf8')).toContain('function remember(');
  expect(readFileSync(outfile, 'utf8')).toContain('new FastSegmenter(');
  expect(readFileSync(outfile, 'utf8')).toContain('rgiEmoji ??=');
  memo = (await import(pathToFileURL(outfile).href)) as Memoized;
});

const PIECES = [
  'a', 'Z', '7', ' ', '#', '·', '›', '✓', '…', '中', '😀', 'e\u0301', '\t',
  '\u001b[31m', '\u001b[39m', '\u001b[32m', '\u001b[1m', '\u001b[22m', '\u001b[2m', '\u001b[7m', '\u001b[27m',
  '\u001b[4m', '\u001b[24m', '\u001b[0m', '\u001b[38;5;208m', '\u001b[48;2;1;2;3m', '\u001b[49m',
  // Inside and just outside string-width's fast-path ranges, and what joins characters.
  '\u00a0', '\u00ad', 'é', 'ß', '\u02ff', '\u0300', '\u2010', '\u2027', '\u2028', '\u2030', '\u203c', '\u205e',
  '\u2190', '\u231a', '\u23ff', '\u2500', '\u25fd', '\u2705', '\u27bf', '\u200d', '\ufe0f', '\u20e3', '\u1100',
  '\u1161', '\u11a8', '\u0007', '\u007f', '\u009b', '🇩', '🇪', '👍', '\u{1f3fd}', '\r', '\n',
];
const styled = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join(''));
const BLANK = { type: 'char' as const, value: ' ', fullWidth: false, styles: [] };

describe('FastSegmenter', () => {
  it('segments as Intl.Segmenter does: every segment, and the one containing each index', () => {
    const real = new Intl.Segmenter();
    const fast = new FastSegmenter();
    const plain = (s: Intl.Segments) => [...s].map(({ segment, index, input }) => ({ segment, index, input }));
    fc.assert(
      fc.property(styled, (text) => {
        expect(plain(fast.segment(text))).toEqual(plain(real.segment(text)));
        for (let i = -1; i <= text.length + 1; i++) {
          const r = real.segment(text).containing(i);
          const f = fast.segment(text).containing(i);
          expect(f && { segment: f.segment, index: f.index, input: f.input }).toEqual(r && { segment: r.segment, index: r.index, input: r.input });
        }
      }),
      { numRuns: 1000 },
    );
    expect(fast.segment('ab').containing(Number.NaN)).toEqual({ segment: 'a', index: 0, input: 'ab' });
    expect(fast.resolvedOptions().granularity).toBe('grapheme');
  });

  it('leaves words and sentences, and bad arguments, to Intl.Segmenter', () => {
    const words = [...new FastSegmenter('en', { granularity: 'word' }).segment('two words')].map((s) => s.segment);
    expect(words).toEqual(['two', ' ', 'words']);
    expect(() => new FastSegmenter('en', { granularity: 'letters' })).toThrow(RangeError);
  });
});

describe('text-memo plugin', () => {
  it("every character of string-width's fast path is a grapheme of its own", () => {
    const segmenter = new Intl.Segmenter();
    const count = (text: string) => [...segmenter.segment(text)].length;
    for (const [from, to] of STANDALONE_RANGES as [number, number][]) {
      for (let code = from; code <= to; code++) {
        const c = String.fromCharCode(code);
        // Joins neither the character before (a mark, joiner) nor after (prepend), nor itself (Hangul, flags).
        if (count(`a${c}a`) !== 3 || count(`${c}${c}`) !== 2) throw new Error(`U+${code.toString(16)} joins its neighbours`);
        expect(memo.stringWidth(`x${c}`)).toBe(stringWidth(`x${c}`));
      }
    }
  });

  it('string-width and slice-ansi answer as the libraries do, cached or not', () => {
    fc.assert(
      fc.property(styled, fc.nat(70), fc.nat(70), (text, a, b) => {
        for (let round = 0; round < 2; round++) {
          expect(memo.stringWidth(text)).toBe(stringWidth(text));
          expect(memo.sliceAnsi(text, Math.min(a, b), Math.max(a, b))).toBe(sliceAnsi(text, Math.min(a, b), Math.max(a, b)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('styled characters and their string form are the same, also for lines built from several', () => {
    fc.assert(
      fc.property(styled, styled, fc.nat(5), (first, second, gap) => {
        const mine = (t: string) => memo.styledCharsFromTokens(memo.tokenize(t));
        const theirs = (t: string) => styledCharsFromTokens(tokenize(t));
        for (let round = 0; round < 2; round++) {
          expect(mine(first)).toEqual(theirs(first));
          expect(memo.styledCharsToString(mine(first))).toBe(styledCharsToString(theirs(first)));
          // As Ink composes a screen line: cells of one write, blanks, cells of another.
          const composed = [...mine(first), ...Array.from({ length: gap }, () => ({ ...BLANK })), ...mine(second)];
          const reference = [...theirs(first), ...Array.from({ length: gap }, () => ({ ...BLANK })), ...theirs(second)];
          expect(memo.styledCharsToString(composed)).toBe(styledCharsToString(reference));
        }
      }),
      { numRuns: 500 },
    );
  });
});
