/**
 * A fast path for the tokenizer Ink's Output runs on every text it writes
 * (@alcalzone/ansi-tokenize's `tokenize`), put in place by the build and by vitest
 * (scripts/source-patch-plugin.mjs, patch "ink-simple-tokenize").
 *
 * The published tokenizer walks the text grapheme by grapheme with an `Intl.Segmenter` and
 * makes one token per grapheme and per escape code: about 2 µs a character, 18 ms for the
 * console's first frame. Nearly every text the console writes is ASCII, a few symbols of
 * its own (›, ·, …, ✓, ✗, box lines) and colour codes. In such a text every character is a
 * grapheme by itself: Unicode gives each of them the grapheme break property Other (or LF),
 * and only Extend, ZWJ, SpacingMark, Prepend, Hangul jamo, regional indicators and CR ever
 * join a neighbour. So its tokens are one per character, and each character's token and each
 * colour code's tokens are what the published function gives for them alone (remembered per
 * character and per code). Any other text (another escape, a combining mark,
 * an emoji, CJK, a surrogate pair) goes to the published function whole.
 * test/ui/simple-text-tokenize.test.ts compares the two over every character of the fast
 * path's set and over random texts.
 */
import { SIMPLE_TEXT } from '../../format/graphemes.js';

/** The published tokenizer's tokens (@alcalzone/ansi-tokenize's `Token`). */
type Token =
  | { readonly type: 'ansi'; readonly code: string; readonly endCode: string }
  | { readonly type: 'control'; readonly code: string }
  | { readonly type: 'char'; readonly value: string; readonly fullWidth: boolean };

type Tokenize = (text: string, endChar?: number) => Token[];

/** A colour or style code as the published tokenizer reads one: ESC [, digits and semicolons, m. */
// eslint-disable-next-line no-control-regex -- ESC is what starts the codes it finds
const SGR_CODE = /\x1B\[[0-9;]*m/g;

/** Characters and codes whose tokens are remembered at most. */
const MAX_REMEMBERED = 4096;

const stats = { fast: 0, published: 0 };

/** How many texts took the fast path and how many went to the published function (tests, benchmarks). */
export function simpleTokenizeStats(): { readonly fast: number; readonly published: number } {
  return { ...stats };
}

/** `tokenize` taking the fast path where the text allows it (see the module comment). */
export function withSimpleTextFastPath(tokenize: Tokenize): Tokenize {
  // What the published function gives for one character or one code alone: a few hundred
  // entries for the console's characters and colours; emptied should that ever pass a bound.
  const alone = new Map<string, readonly Token[]>();
  const tokensAlone = (text: string): readonly Token[] => {
    let tokens = alone.get(text);
    if (!tokens) {
      if (alone.size >= MAX_REMEMBERED) alone.clear();
      alone.set(text, (tokens = tokenize(text)));
    }
    return tokens;
  };
  const published: Tokenize = (text, endChar) => {
    stats.published++;
    return tokenize(text, endChar);
  };
  // Copies: the tokens of one text are its own, as the published function's are.
  const add = (tokens: Token[], text: string) => {
    for (const token of tokensAlone(text)) tokens.push({ ...token });
  };

  return (text, endChar) => {
    // A limit on visible characters is not what Ink's Output asks for: as published.
    if (endChar !== undefined) return published(text, endChar);
    const tokens: Token[] = [];
    let runStart = 0;
    const addRun = (end: number): boolean => {
      const run = text.slice(runStart, end);
      if (!SIMPLE_TEXT.test(run)) return false;
      for (const character of run) add(tokens, character);
      return true;
    };
    for (const match of text.matchAll(SGR_CODE)) {
      if (!addRun(match.index)) return published(text);
      add(tokens, match[0]);
      runStart = match.index + match[0].length;
    }
    if (!addRun(text.length)) return published(text);
    stats.fast++;
    return tokens;
  };
}
