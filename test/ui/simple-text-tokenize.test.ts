/**
 * The tokenizer's fast path for Ink's Output (src/ui/ink/simple-text-tokenize.ts) gives the
 * published tokenizer's tokens: for every character of its set (each a grapheme by itself in
 * this Node's ICU: test/format/graphemes.test.ts), over random texts of those
 * characters, colour codes and everything that must not take the fast path (other escapes,
 * marks, joiners, emoji, CJK, Hangul, CR, lone surrogates); and the screen tests draw with it,
 * as the bundle does.
 */
import { tokenize } from '@alcalzone/ansi-tokenize';
import fc from 'fast-check';
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { simpleCharacters } from '../helpers/simple-characters.js';
import { simpleTokenizeStats, withSimpleTextFastPath } from '../../src/ui/ink/simple-text-tokenize.js';

const fast = withSimpleTextFastPath(tokenize);

const SIMPLE = simpleCharacters();

const CODES = ['\u001b[31m', '\u001b[39m', '\u001b[1m', '\u001b[22m', '\u001b[7m', '\u001b[27m', '\u001b[m', '\u001b[0m', '\u001b[1;7;31m', '\u001b[38;5;208m', '\u001b[38;2;1;2;3m', '\u001b[48;5;1;1m', '\u001b[4:3m'];
const NOT_SIMPLE = [
  '\u0301', '\u200d', '\ufe0f', '\u200b', '\u00ad', '\u2028', '\u2060', '😀', '👩‍👩‍👧', '🇩🇰', '中', '한', '\u1100\u1161', 'ｶ', '\r', '\r\n', '\t', '\u0000', '\u0007',
  '\u009b', '\u009b31m', '\u001b', '\u001b[31', '\u001b[2J', '\u001b]8;;https://x.test\u0007', '\u001b]8;;\u0007', '\ud800', 'e\u0301', 'क्षि', 'ำ', '\u0600',
];
const SAMPLE_SIMPLE = ['a', 'Z', ' ', '·', '›', '…', '✓', '✗', '─', '│', '▸', '→', '↑', '•', 'é', 'ß', '€', '\n', '#', '~'];

describe('the fast path of Ink\u2019s tokenizer', () => {
  it('gives the published tokens for every character of its set, alone and between colour codes', () => {
    for (const c of SIMPLE) {
      for (const text of [c, `x${c}y`, `\u001b[31m${c}\u001b[39m`, `${c}\u001b[1;7m${c}`]) expect(fast(text)).toEqual(tokenize(text));
    }
  });

  it('gives the published tokens for any text, taking the fast path or not', () => {
    const piece = fc.oneof(fc.constantFrom(...SAMPLE_SIMPLE), fc.constantFrom(...CODES), fc.constantFrom(...NOT_SIMPLE), fc.constantFrom(...SIMPLE));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(fast(text)).toEqual(tokenize(text));
      }),
      { numRuns: 3000 },
    );
    // A limit on visible characters goes to the published function as it is.
    expect(fast('abc\u001b[31mdef', 4)).toEqual(tokenize('abc\u001b[31mdef', 4));
  });

  it('gives each text tokens of its own (changing one changes no other)', () => {
    const first = fast('\u001b[31mab');
    (first[0] as { code: string }).code = 'changed';
    (first[1] as { value: string }).value = 'changed';
    expect(fast('\u001b[31mab')).toEqual(tokenize('\u001b[31mab'));
  });

  it('is what the screen tests draw with (vitest applies the build patch to Ink)', () => {
    const before = simpleTokenizeStats();
    const { lastFrame, unmount } = render(createElement(Box, { flexDirection: 'column' }, createElement(Text, { color: 'green' }, '› 3400 #AO2032 reviewed'), createElement(Text, null, '中文 ok')));
    expect(lastFrame()).toContain('› 3400 #AO2032 reviewed');
    const after = simpleTokenizeStats();
    expect(after.fast).toBeGreaterThan(before.fast);
    expect(after.published).toBeGreaterThan(before.published);
    unmount();
  });
});
