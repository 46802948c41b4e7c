// Characters that are always a grapheme of their own, whatever stands next to them: none is
// a combining mark, joiner, variation selector, prepended mark, surrogate or Hangul jamo.
// The bundle's fast paths for text (text-memo-plugin.mjs, fast-segmenter.mjs) apply to text
// made only of these; bench/console/text-memo.test.ts checks every one against ICU.

/** Code point ranges, inclusive. */
export const STANDALONE_RANGES = [
  [0x20, 0x7e], // printable ASCII
  [0xa0, 0x2ff], // Latin-1, Latin Extended A/B, IPA, spacing modifiers
  [0x2010, 0x2027], // dashes, quotes, bullets, ellipsis
  [0x2030, 0x205e], // per mille, primes, angle quotes
  [0x2190, 0x23ff], // arrows, mathematical operators, technical symbols
  [0x2500, 0x27bf], // box drawing, blocks, shapes, symbols, dingbats
];

const hex = (n) => `\\u${n.toString(16).padStart(4, '0')}`;

/** A character class of the ranges (without brackets), plus `extra` ranges. */
export function standaloneClass(extra = []) {
  return [...extra, ...STANDALONE_RANGES].map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
}
