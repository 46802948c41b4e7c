// An esbuild plugin that memoizes pure text functions Ink calls on every frame. Ink builds
// each frame from scratch: for every line on screen it measures the width (string-width),
// cuts it to the clip (slice-ansi) and splits it into styled characters
// (@alcalzone/ansi-tokenize), even when the line is the same as in the frame before. With
// a 100-row list on screen that is most of the time from a key press to the new frame.
// These functions are pure (same input, same result, never mutated by Ink), so the bundle
// gets versions that remember recent answers, and a styledCharsToString that skips style
// diffs that are empty anyway; the output is the same, byte for byte (bench/console test).
import { dirname } from 'node:path';
import stringWidth from 'string-width';
import { STANDALONE_RANGES, standaloneClass } from './standalone-chars.mjs';

// Each cache starts over when full. Widths are numbers (cheap to keep many); a tokenized
// line holds an object per character, so only a few screens' worth of lines are kept.
const cacheHelper = `
function remember(cache, max, key, compute) {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    if (cache.size >= max) cache.clear();
    cache.set(key, value);
  }
  return value;
}`;

const STANDALONE_PATTERN = `^[${standaloneClass()}]*$`;

/** [code point, width] of each standalone character string-width does not count as one column. */
function standaloneWidthsNotOne() {
  const list = [];
  for (const [from, to] of STANDALONE_RANGES) {
    for (let code = from; code <= to; code++) {
      const width = stringWidth(String.fromCharCode(code));
      if (width !== 1) list.push([code, width]);
    }
  }
  return list;
}

/** Source of the memoizing module for each package, given the real module's path. */
const SHIMS = {
  // Besides remembering: text made only of standalone characters (standalone-chars.mjs) is
  // as wide as the sum of its characters, and the few of those not one column wide (emoji,
  // wide, zero-width) are listed at build time by the library itself. The library would run
  // its grapheme segmenter and emoji expressions over every line instead (and compile its
  // emoji expression, ~15 ms, for the first '·' on screen).
  'string-width': (real) => `import real from ${JSON.stringify(real)};
import stripAnsi from 'strip-ansi';
${cacheHelper}
const widths = new Map();
const STANDALONE = new RegExp(${JSON.stringify(STANDALONE_PATTERN)});
const NOT_ONE = new Map(${JSON.stringify(standaloneWidthsNotOne())});
function measure(text) {
  const plain = text.includes('\\u001B') || text.includes('\\u009B') ? stripAnsi(text) : text;
  if (!STANDALONE.test(plain)) return real(text);
  let width = 0;
  for (let i = 0; i < plain.length; i++) {
    const code = plain.charCodeAt(i);
    width += code < 0x7f ? 1 : (NOT_ONE.get(code) ?? 1);
  }
  return width;
}
export default function stringWidth(text, options) {
  if (options !== undefined || typeof text !== 'string') return real(text, options);
  return remember(widths, 4096, text, () => measure(text));
}`,
  'slice-ansi': (real) => `import real from ${JSON.stringify(real)};
${cacheHelper}
const slices = new Map();
export default function sliceAnsi(text, start, end) {
  if (typeof text !== 'string') return real(text, start, end);
  return remember(slices, 1024, start + ':' + end + ':' + text, () => real(text, start, end));
}`,
  '@alcalzone/ansi-tokenize': (real) => `export * from ${JSON.stringify(real)};
import { tokenize as realTokenize, styledCharsFromTokens as realStyledChars, ansiCodesToString, diffAnsiCodes } from ${JSON.stringify(real)};
${cacheHelper}
const tokens = new Map();
const styled = new WeakMap();
// Ink passes the tokens straight to styledCharsFromTokens and never changes either result.
export function tokenize(text, endChar) {
  if (endChar !== undefined || typeof text !== 'string') return realTokenize(text, endChar);
  return remember(tokens, 256, text, () => realTokenize(text));
}
export function styledCharsFromTokens(list) {
  let chars = styled.get(list);
  if (chars === undefined) {
    chars = realStyledChars(list);
    styled.set(list, chars);
  }
  return chars;
}
// The library's styledCharsToString, skipping the style diff between neighbours whose
// styles are the same (most cells of a frame: blank, or inside one styled word), where
// the library's diff is empty anyway. Called for every line of every frame.
function sameCodes(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code) return false;
  return true;
}
export function styledCharsToString(chars) {
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (i === 0) out += ansiCodesToString(char.styles);
    else if (!sameCodes(chars[i - 1].styles, char.styles)) out += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
    out += char.value;
    if (i === chars.length - 1 && char.styles.length > 0) out += ansiCodesToString(diffAnsiCodes(char.styles, []));
  }
  return out;
}`,
};

const FILTER = new RegExp(`^(${Object.keys(SHIMS).map((n) => n.replace(/[/@.-]/g, '\\$&')).join('|')})$`);

/** The plugin: imports of the packages above get their memoizing versions. */
export const textMemoPlugin = {
  name: 'text-memo',
  setup(build) {
    build.onResolve({ filter: FILTER }, async (args) => {
      if (args.pluginData?.isReal) return undefined;
      const real = await build.resolve(args.path, {
        importer: args.importer,
        resolveDir: args.resolveDir,
        kind: args.kind,
        pluginData: { isReal: true },
      });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'text-memo', pluginData: { name: args.path } };
    });
    build.onLoad({ filter: /.*/, namespace: 'text-memo' }, (args) => ({
      contents: SHIMS[args.pluginData.name](args.path),
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};
