/**
 * Graphemes without ICU where a text allows it. The first `Intl.Segmenter` of a process
 * loads ICU's grapheme break rules (docs/performance.md), and string-width,
 * wrap-ansi, slice-ansi, Ink's tokenizer and Ink's line diff each made one when they
 * loaded. They now get graphemeSegmenter instead (through scripts/source-patch-plugin.mjs,
 * patch "lazy-segmenters"; this project's own code uses it too), which answers a text of
 * characters that are graphemes by themselves at once and makes ICU's segmenter only for
 * other texts. The console's first frame has none.
 */

/**
 * The texts whose every UTF-16 unit is a grapheme by itself, next to any neighbour: LF,
 * printable ASCII, Latin-1 and Latin Extended letters and spacing modifiers (U+00A0-U+02FF,
 * less the soft hyphen, a format character), general punctuation (less the zero-width,
 * joiner, direction and invisible operator characters), arrows through dingbats
 * (U+2190-U+27BF), and ESC. Unicode gives each letter and symbol the grapheme break property
 * Other (or LF); only Extend, ZWJ, SpacingMark, Prepend, Hangul jamo, regional indicators and
 * CR ever join a neighbour, and ESC is a control character, broken before and after whatever
 * its neighbours are (GB4, GB5), so a colour code splits into one grapheme per character too.
 * test/format/graphemes.test.ts checks every character against this Node's ICU.
 */
// eslint-disable-next-line no-control-regex -- ESC is the one control character it takes
export const SINGLE_UNIT_GRAPHEMES = /^[\x1B\n\x20-\x7E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u27BF]*$/;

/** The part of `Intl.Segmenter` the modules given graphemeSegmenter use. */
export interface GraphemeSegmenter {
  segment(input: string): Intl.Segments;
}

/** A text's segments when each UTF-16 unit is a grapheme: what ICU gives for it, made directly. */
function unitSegments(input: string): Intl.Segments {
  const at = (index: number): Intl.SegmentData => ({ segment: input[index]!, index, input });
  return {
    // As Intl.Segments: the index is made an integer (NaN and undefined are 0), and one outside the text has no segment.
    containing(codeUnitIndex?: number) {
      const index = Math.trunc(Number(codeUnitIndex)) || 0;
      return index >= 0 && index < input.length ? at(index) : undefined;
    },
    *[Symbol.iterator](): Generator<Intl.SegmentData, undefined> {
      for (let index = 0; index < input.length; index++) yield at(index);
      return undefined;
    },
  };
}

/**
 * A grapheme segmenter (`new Intl.Segmenter(locales, options)`, grapheme granularity)
 * that segments a text of SINGLE_UNIT_GRAPHEMES itself and makes ICU's on the first other text.
 */
export function graphemeSegmenter(locales?: Intl.LocalesArgument, options?: Intl.SegmenterOptions): GraphemeSegmenter {
  if (options?.granularity !== undefined && options.granularity !== 'grapheme') {
    throw new Error(`graphemeSegmenter: only grapheme granularity, not ${options.granularity}`);
  }
  let icu: Intl.Segmenter | undefined;
  return {
    segment: (input) => {
      // As Intl.Segmenter, whatever is given is segmented as a string.
      const text = String(input);
      return SINGLE_UNIT_GRAPHEMES.test(text) ? unitSegments(text) : (icu ??= new Intl.Segmenter(locales, options)).segment(text);
    },
  };
}
