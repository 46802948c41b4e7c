/**
 * Makes strings from the service safe for a terminal. A customer name or a reason is
 * typed by someone outside the shop; printed as is it could move the cursor, recolour the
 * screen, set the clipboard (OSC 52), retitle the window or reorder text with bidi
 * overrides (Trojan Source). Everything such a string could do is either removed (whole
 * escape sequences, replaced by one visible marker) or shown as a visible placeholder, so
 * the reader sees that something was there. The result never contains a character that
 * moves the cursor, so column widths stay exact.
 *
 * One linear pass, no backtracking regular expressions: a hostile string cannot make it slow.
 * A field longer than a screen is cut here, before anything measures its width (a
 * name of a hundred thousand characters once froze the first frame for seconds): the full value stays in the
 * data and in `--json`.
 *
 * The result is branded `DisplayText`: the console's components and table cells take only
 * that, so a string straight from an order does not type-check where text is shown.
 */

declare const DISPLAY_TEXT: unique symbol;

/**
 * Text that is safe to show on a terminal: made only by `sanitizeForTerminal` (service
 * text) or the `display` template tag (the console's own words around such text).
 */
export type DisplayText = string & { readonly [DISPLAY_TEXT]: true };

/**
 * Most characters of one field shown (about a full 80x24 screen); longer fields end in a
 * note of how much was left out. Cutting first keeps width measuring and wrapping cheap.
 */
export const DISPLAY_MAX_CHARS = 2000;

/** Shown in place of a whole escape sequence (ESC [ … m, ESC ] 52 ; … BEL, …). */
export const ESCAPE_MARKER = '\u241B'; // ␛

export interface SanitizeOptions {
  /** Keep line feeds as real line breaks (the CLI's own multi-line messages). Default: shown as ␊. */
  readonly keepNewlines?: boolean;
  /**
   * Longest text kept, in UTF-16 code units (default DISPLAY_MAX_CHARS); `Infinity` for
   * output that must keep every character (tab-separated and CSV output of the commands).
   */
  readonly maxChars?: number;
}

const ESC = 0x1b;
const BEL = 0x07;
const C1_ST = 0x9c;

/** Bidi controls (overrides, embeddings, isolates, marks) and invisible spacing that can spoof text. */
const INVISIBLE_FORMAT = new Set([
  0x061c, // arabic letter mark
  0x200b, // zero width space
  0x200e, 0x200f, // LRM, RLM
  0x2028, 0x2029, // line and paragraph separators (break lines in some terminals)
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, // LRE RLE PDF LRO RLO
  0x2060, // word joiner
  0x2066, 0x2067, 0x2068, 0x2069, // LRI RLI FSI PDI
  0xfeff, // zero width no-break space / BOM
]);

/** True for a bidi control or invisible spacing character (shown as `<U+…>` by the sanitizer). */
export function isInvisibleFormat(codePoint: number): boolean {
  return INVISIBLE_FORMAT.has(codePoint);
}

/** `<U+202E>`: visible and unambiguous. */
function codePointLabel(cp: number): string {
  return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** A C0 control or DEL as its Unicode control picture (one column wide). */
function controlPicture(cp: number): string {
  return cp === 0x7f ? '\u2421' : String.fromCharCode(0x2400 + cp);
}

/**
 * Where a CSI sequence that starts at `from` (just after ESC [ or C1 CSI) ends, exclusive;
 * -1 when the bytes after the introducer are not a well-formed CSI.
 */
function csiEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x3f) i++; // parameters
  while (i < s.length && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++; // intermediates
  if (i < s.length && s.charCodeAt(i) >= 0x40 && s.charCodeAt(i) <= 0x7e) return i + 1;
  return -1;
}

/** True for introducers of string sequences: OSC, DCS, SOS, PM, APC (7-bit second byte). */
const STRING_INTRODUCERS_7BIT = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f]); // ] P X ^ _
/** The same introducers as single C1 characters. */
const STRING_INTRODUCERS_C1 = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f]);

/**
 * Finds string-sequence terminators (BEL, ESC \, C1 ST) with a cached forward scan, so a
 * string with many unterminated introducers stays linear.
 */
class TerminatorFinder {
  private cachedFrom = -1;
  private cachedAt = -1;

  constructor(private readonly s: string) {}

  /** Index just after the first terminator at or after `from`, or -1. */
  endAfter(from: number): number {
    if (this.cachedFrom !== -1 && from >= this.cachedFrom && (this.cachedAt === -1 || from <= this.cachedAt)) {
      return this.cachedAt === -1 ? -1 : this.terminatorLength(this.cachedAt) + this.cachedAt;
    }
    let at = -1;
    for (let i = from; i < this.s.length; i++) {
      const c = this.s.charCodeAt(i);
      if (c === BEL || c === C1_ST || (c === ESC && this.s.charCodeAt(i + 1) === 0x5c)) {
        at = i;
        break;
      }
    }
    this.cachedFrom = from;
    this.cachedAt = at;
    return at === -1 ? -1 : at + this.terminatorLength(at);
  }

  private terminatorLength(at: number): number {
    return this.s.charCodeAt(at) === ESC ? 2 : 1;
  }
}

/**
 * Returns `text` with every control character, escape sequence and bidi/invisible format
 * character removed or made visible. Printable text (any script, emoji, combining marks)
 * is kept unchanged.
 */
export function sanitizeForTerminal(text: string, options: SanitizeOptions = {}): DisplayText {
  const { kept, note } = cutForDisplay(text, options.maxChars ?? DISPLAY_MAX_CHARS);
  return (sanitizeWhole(kept, options) + note) as DisplayText;
}

/** `text` cut to `maxChars` (never inside a surrogate pair), and the note that says so. */
function cutForDisplay(text: string, maxChars: number): { readonly kept: string; readonly note: string } {
  if (text.length <= maxChars) return { kept: text, note: '' };
  let end = Math.max(0, Math.floor(maxChars));
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { kept: text.slice(0, end), note: `… (${(text.length - end).toLocaleString('en-US')} more characters)` };
}

function sanitizeWhole(text: string, options: SanitizeOptions): string {
  // Fast path: plain printable text is by far the common case.
  if (!/[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff\ud800-\udfff]/.test(text)) {
    return text;
  }
  const terminators = new TerminatorFinder(text);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);

    if (c === ESC || c === 0x9b || STRING_INTRODUCERS_C1.has(c)) {
      const isSevenBit = c === ESC;
      const next = isSevenBit ? text.charCodeAt(i + 1) : NaN;
      const bodyStart = isSevenBit ? i + 2 : i + 1;
      let end = -1;
      if (c === 0x9b || next === 0x5b) {
        end = csiEnd(text, bodyStart);
      } else if (STRING_INTRODUCERS_C1.has(c) || STRING_INTRODUCERS_7BIT.has(next)) {
        end = terminators.endAfter(bodyStart);
      } else if (isSevenBit) {
        // Other escape sequences: ESC, intermediates (0x20–0x2F), one final byte (0x30–0x7E).
        let j = i + 1;
        while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++;
        const f = text.charCodeAt(j);
        if (f >= 0x30 && f <= 0x7e) end = j + 1;
      }
      out += ESCAPE_MARKER;
      // A malformed or unterminated sequence: mark the introducer, show the rest as text.
      i = end === -1 ? i + 1 : end;
      continue;
    }

    if (c === 0x0a && options.keepNewlines) {
      out += '\n';
    } else if (c < 0x20 || c === 0x7f) {
      out += controlPicture(c);
    } else if (c >= 0x80 && c <= 0x9f) {
      out += codePointLabel(c);
    } else if (isInvisibleFormat(c)) {
      out += codePointLabel(c);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        out += text.slice(i, i + 2);
        i += 2;
        continue;
      }
      out += '\ufffd'; // lone high surrogate
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      out += '\ufffd'; // lone low surrogate
    } else {
      out += text[i];
    }
    i++;
  }
  return out;
}

/** A value that may stand in display text: already sanitized, or a number. */
export type DisplayPart = DisplayText | number;

/**
 * The console's own words with display text in them: `display\`Mark ${name} as received?\``.
 * The literal parts are source code; every value put in must already be `DisplayText` (or a
 * number), so service text cannot be put in unsanitized.
 */
export function display(strings: TemplateStringsArray, ...parts: readonly DisplayPart[]): DisplayText {
  let out = strings[0] ?? '';
  for (let i = 0; i < parts.length; i++) out += String(parts[i]) + (strings[i + 1] ?? '');
  return out as DisplayText;
}

/** Display texts joined by `separator` (the console's own words, e.g. display`, `). */
export function joinDisplay(parts: readonly DisplayText[], separator: DisplayText): DisplayText {
  return parts.join(separator) as DisplayText;
}
