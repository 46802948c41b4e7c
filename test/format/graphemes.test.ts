/**
 * graphemeSegmenter (src/format/graphemes.ts) gives ICU's grapheme segments for every text:
 * its own for texts of characters that are graphemes by themselves (each checked against
 * this Node's ICU here), ICU's for any other; and it makes no Intl.Segmenter until a text
 * needs one.
 */
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { graphemeSegmenter, SINGLE_UNIT_GRAPHEMES } from '../../src/format/graphemes.js';
import { countSegmentersMade } from '../helpers/segmenter-count.js';

/** Every character the segmenter takes itself, by code point (the BMP outside the surrogates). */
function singleUnitCharacters(): string[] {
  const out: string[] = [];
  for (let cp = 0; cp <= 0xffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCharCode(cp);
    if (SINGLE_UNIT_GRAPHEMES.test(c)) out.push(c);
  }
  return out;
}

const SIMPLE = singleUnitCharacters();
const ESC = '\u001b';
const icu = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string) => [...icu.segment(text)].map((s) => s.segment);

/** Texts that must go to ICU: marks, joiners, emoji, flags, CJK, Hangul, CR, other controls, lone surrogates. */
const NOT_SIMPLE = ['\u0301', '\u200d', '\ufe0f', '\u200b', '\u00ad', '\u2028', '\u2060', '😀', '👩‍👩‍👧', '🇩🇰', '中', '한', '\u1100\u1161', 'ｶ', '\r', '\r\n', '\t', '\u0000', '\u009b', '\ud800', 'e\u0301', 'क्षि', 'ำ', '\u0600'];
const CODES = [`${ESC}[31m`, `${ESC}[39m`, `${ESC}[1;7m`, `${ESC}[38;5;208m`, `${ESC}]8;;https://x.test\u0007`, ESC];
const SAMPLE_SIMPLE = ['a', ' ', '·', '›', '…', '✓', '✗', '─', '│', '▸', '→', 'é', '€', '\n', '~'];

/** Everything a caller can read from Intl.Segments: the segments in order, and containing() at each index and past both ends. */
function observed(segments: Intl.Segments, text: string): unknown {
  const indexes = [-1, ...Array.from({ length: text.length + 1 }, (_, i) => i), Number.NaN, undefined, 1.5, Infinity];
  return { all: [...segments], containing: indexes.map((i) => segments.containing(i)) };
}

describe('graphemeSegmenter', () => {
  it('takes only characters that are graphemes by themselves here, next to ASCII, each other and ESC', () => {
    expect(SIMPLE.length).toBeGreaterThan(1000);
    for (const c of SIMPLE) {
      if (c === '\n') continue;
      expect(graphemes(`a${c}b`), JSON.stringify(c)).toEqual(['a', c, 'b']);
      expect(graphemes(`${c}${c}·${c}`), JSON.stringify(c)).toHaveLength(4);
      expect(graphemes(`${ESC}${c}${ESC}`), JSON.stringify(c)).toEqual([ESC, c, ESC]);
    }
  });

  it("gives ICU's segments for any text, whether it segments it itself or not", () => {
    const ours = graphemeSegmenter(undefined, { granularity: 'grapheme' });
    for (const c of SIMPLE) {
      const text = `x${c}${ESC}[1m`;
      expect(observed(ours.segment(text), text)).toEqual(observed(icu.segment(text), text));
    }
    const piece = fc.oneof(fc.constantFrom(...SAMPLE_SIMPLE), fc.constantFrom(...CODES), fc.constantFrom(...NOT_SIMPLE), fc.constantFrom(...SIMPLE));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(observed(ours.segment(text), text)).toEqual(observed(icu.segment(text), text));
      }),
      { numRuns: 3000 },
    );
  });

  it('makes no Intl.Segmenter until a text needs one, then one', () => {
    const count = countSegmentersMade();
    onTestFinished(() => count.stop());
    const ours = graphemeSegmenter();
    const row = `› 3400 #AO2032 ${ESC}[1mreviewed${ESC}[22m · 1h …`;
    expect([...ours.segment(row)]).toHaveLength(row.length);
    expect(count.made()).toBe(0);
    expect([...ours.segment('👩‍👩‍👧 ok')].map((s) => s.segment)).toEqual(['👩‍👩‍👧', ' ', 'o', 'k']);
    expect([...ours.segment('e\u0301')]).toHaveLength(1);
    expect(count.made()).toBe(1);
  });

  it('segments what it is given as a string, as Intl.Segmenter does', () => {
    const ours = graphemeSegmenter();
    for (const input of [undefined, 42, null]) {
      expect([...ours.segment(input as unknown as string)]).toEqual([...icu.segment(input as unknown as string)]);
    }
  });

  it('is for graphemes only', () => {
    expect(() => graphemeSegmenter(undefined, { granularity: 'word' })).toThrow(/only grapheme granularity/);
  });
});
