/**
 * The one key scrubber, used by the client, the commands, the local files and the sandbox.
 * A key is shown only the way the retailer dashboard identifies it: `sk_…` and its last 4
 * characters. It is found in every form a message, a URL or a hostile service can give it:
 * its 64 hex characters in any case, with or without `sk_`, percent-encoded (`sk%5F…`,
 * `%61%62…`), and split by invisible characters (zero-width spaces, joiners, soft hyphens,
 * byte-order marks, control characters). A fragment after `sk_` (e.g. the 7 characters a
 * V8 JSON parse error quotes) and any 5 or more hex characters of a known key are hidden too.
 *
 * One linear pass builds a "visible" view of the text (invisible characters dropped,
 * percent-encoding decoded), the patterns run on that view, and each hit is mapped back to
 * the span of the original text it came from.
 */

/** The form a key is shown in: `sk_…abcd`. Text too short to have a safe tail shows as `sk_…`. */
export function redactKey(key: string): string {
  const tail = key.length >= 12 ? key.slice(-4) : '';
  return `sk_…${tail}`;
}

export interface ScrubOptions {
  /**
   * Also hides every run of at least this many hex characters (default 64, a whole key).
   * The sandbox, which knows no key in plain text, uses 24: whatever a client sent it.
   */
  readonly minHexRun?: number;
  /**
   * Fewest hex characters of a known key (`secrets`) that count as a part of it (default 5;
   * 4 are shown anyway). Data output uses more: in an order's fields a run of 5 digits can be
   * a part of the key by chance (one in tens of thousands), and hiding it would change the data.
   */
  readonly fragmentLength?: number;
}

/** Fewest hex characters of a known key that count as a part of it, by default (4 are shown anyway). */
const FRAGMENT_LENGTH = 5;
const KEY_HEX_LENGTH = 64;

/**
 * Characters a terminal or editor shows as nothing, so a key split by them still reads as a
 * key: the default-ignorable code points (U+200B-U+200F, U+2060-U+206F, U+FEFF, U+00AD,
 * U+034F, U+180E, variation selectors, tags…) as ranges, and control characters other than
 * tab and line breaks. Ranges, not `\p{Default_Ignorable_Code_Point}`: ten times faster per
 * character; a test checks them against the property.
 */
const IGNORABLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5],
  [0x180b, 0x180f], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164],
  [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0], [0xfff0, 0xfff8], [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a], [0xe0000, 0xe0fff],
];

/** True for a code point that reads as nothing (see IGNORABLE_RANGES). */
export function isInvisibleCodePoint(cp: number): boolean {
  if (cp < 0xa0) return (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f);
  for (const [from, to] of IGNORABLE_RANGES) {
    if (cp < from) return false;
    if (cp <= to) return true;
  }
  return false;
}

const INVISIBLE_TEXT = (text: string): boolean => {
  const cp = text.codePointAt(0);
  return text !== '' && cp !== undefined && text.length === (cp > 0xffff ? 2 : 1) && isInvisibleCodePoint(cp);
};

/** The text as it reads: each UTF-16 unit kept with the span of the original it came from. */
interface VisibleView {
  readonly text: string;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The byte of a `%HH` at `i`, or -1. */
function percentByte(s: string, i: number): number {
  if (s.charCodeAt(i) !== 0x25) return -1;
  const hi = hexValue(s.charCodeAt(i + 1));
  const lo = hexValue(s.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

/**
 * A percent-encoded character at `i` that matters here: a letter, digit or `_` (returned as
 * text), or an invisible character in UTF-8 (returned as ''). Null for anything else.
 */
function decodePercent(s: string, i: number): { readonly char: string; readonly length: number } | null {
  const first = percentByte(s, i);
  if (first < 0) return null;
  if (first < 0x80) {
    const char = String.fromCharCode(first);
    return /[A-Za-z0-9_]/.test(char) ? { char, length: 3 } : null;
  }
  const count = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
  if (count === 0) return null;
  const bytes = [first];
  for (let k = 1; k < count; k++) {
    const b = percentByte(s, i + 3 * k);
    if (b < 0x80 || b > 0xbf) return null;
    bytes.push(b);
  }
  const decoded = Buffer.from(bytes).toString('utf8');
  return INVISIBLE_TEXT(decoded) ? { char: '', length: 3 * count } : null;
}

/** Text that reads exactly as written: printable ASCII and layout only, nothing percent-encoded. */
const READS_AS_WRITTEN = /^[\x20-\x24\x26-\x7e\t\n\r]*$/;

function visibleView(s: string): VisibleView | null {
  if (READS_AS_WRITTEN.test(s)) return null;
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  while (i < s.length) {
    const code = s.charCodeAt(i);
    const percent = code === 0x25 ? decodePercent(s, i) : null;
    if (percent) {
      if (percent.char !== '') {
        text += percent.char;
        starts.push(i);
        ends.push(i + percent.length);
      }
      i += percent.length;
      continue;
    }
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (!isInvisibleCodePoint(cp)) {
      text += width === 1 ? s[i] : s.slice(i, i + 2);
      // One entry per UTF-16 unit of the view, as the patterns' indices count: an emoji is two.
      for (let unit = 0; unit < width; unit++) {
        starts.push(i);
        ends.push(i + width);
      }
    }
    i += width;
  }
  return { text, starts, ends };
}

/**
 * Only worth the full pass when the text has `sk_`, `%`, a character beyond printable ASCII
 * or a hex run as long as the shortest hit could be (`hexRun`: 5 for the default fragments of
 * a key in use, 12 in data output, 24 in the sandbox, else a whole key's 64).
 */
const mayHoldKeyByRun = new Map<number, RegExp>();
function mayHoldKey(text: string, hexRun: number): boolean {
  let test = mayHoldKeyByRun.get(hexRun);
  if (!test) {
    test = new RegExp(`sk_|%|[0-9a-f]{${hexRun}}|[^\\x20-\\x7e\\t\\n\\r]`, 'i');
    mayHoldKeyByRun.set(hexRun, test);
  }
  return test.test(text);
}

interface Hit {
  readonly from: number;
  readonly to: number;
  readonly replacement: string;
}

/** The last fragment set made: a command scrubs thousands of strings against the same key. */
let lastFragments: { readonly of: string; readonly fragments: ReadonlySet<string> } | undefined;

/** Every window of `length` hex characters of the well-formed keys among `secrets`. */
function fragmentsOf(secrets: readonly string[], length: number): ReadonlySet<string> {
  const of = `${length} ${secrets.join(' ')}`;
  if (lastFragments?.of === of) return lastFragments.fragments;
  const fragments = new Set<string>();
  for (const secret of secrets) {
    const hex = /^sk_([0-9a-f]{64})$/i.exec(secret)?.[1]?.toLowerCase();
    if (!hex) continue;
    for (let i = 0; i + length <= hex.length; i++) fragments.add(hex.slice(i, i + length));
  }
  lastFragments = { of, fragments };
  return fragments;
}

function holdsFragment(run: string, fragments: ReadonlySet<string>, length: number): boolean {
  const lower = run.toLowerCase();
  for (let i = 0; i + length <= lower.length; i++) {
    if (fragments.has(lower.slice(i, i + length))) return true;
  }
  return false;
}

/** The hits on the visible view, in order and not overlapping. */
function findHits(view: string, secrets: readonly string[], minHexRun: number, fragmentLength: number): Hit[] {
  const hits: Hit[] = [];
  // A whole key (its hex, with or without sk_), or sk_ and any hex after it (a fragment).
  const keyLike = new RegExp(
    `(?:sk_)?[0-9a-f]{${KEY_HEX_LENGTH},}|(?<![a-z0-9])sk_[0-9a-f]+|[0-9a-f]{${Math.min(minHexRun, KEY_HEX_LENGTH)},}`,
    'gi',
  );
  for (const m of view.matchAll(keyLike)) {
    const hex = m[0].replace(/^sk_/i, '');
    const isWhole = hex.length >= KEY_HEX_LENGTH;
    const replacement = isWhole ? redactKey(m[0]) : /^sk_/i.test(m[0]) ? 'sk_…' : '…';
    hits.push({ from: m.index, to: m.index + m[0].length, replacement });
  }
  const fragments = fragmentsOf(secrets, fragmentLength);
  if (fragments.size === 0) return hits;
  const extra: Hit[] = [];
  let next = 0; // the first hit that may still overlap (both lists are in text order)
  for (const m of view.matchAll(new RegExp(`[0-9a-f]{${fragmentLength},}`, 'gi'))) {
    const from = m.index;
    const to = from + m[0].length;
    while (next < hits.length && hits[next]!.to <= from) next++;
    const isCovered = next < hits.length && hits[next]!.from < to;
    if (!isCovered && holdsFragment(m[0], fragments, fragmentLength)) extra.push({ from, to, replacement: '…' });
  }
  return [...hits, ...extra].sort((a, b) => a.from - b.from);
}

/**
 * Replaces every form of a key in `text` by its redacted form (`sk_…abcd`, or `sk_…`/`…` for
 * a fragment). `secrets` are the keys in use: any 5 or more hex characters of one of them
 * are hidden as well, and any secret that is not a well-formed key is hidden as a whole.
 * Idempotent: scrubbed text stays as it is.
 */
export function scrubSecrets(text: string, secrets: readonly string[] = [], options: ScrubOptions = {}): string {
  let out = text;
  for (const secret of secrets) {
    // A malformed secret: its tail might not be a key's, so none of it is shown.
    if (secret.length >= 8 && !/^sk_[0-9a-f]{64}$/i.test(secret)) out = out.split(secret).join('sk_…');
  }
  const minHexRun = Math.max(FRAGMENT_LENGTH, options.minHexRun ?? KEY_HEX_LENGTH);
  const fragmentLength = Math.max(FRAGMENT_LENGTH, options.fragmentLength ?? FRAGMENT_LENGTH);
  const hasFragments = fragmentsOf(secrets, fragmentLength).size > 0;
  if (!mayHoldKey(out, Math.min(minHexRun, KEY_HEX_LENGTH, hasFragments ? fragmentLength : KEY_HEX_LENGTH))) return out;
  // null: the text reads as written, so positions in it are positions in the view.
  const view = visibleView(out);
  const hits = findHits(view?.text ?? out, secrets, minHexRun, fragmentLength);
  if (hits.length === 0) return out;
  let result = '';
  let at = 0;
  for (const hit of hits) {
    const from = view ? view.starts[hit.from]! : hit.from;
    const to = view ? view.ends[hit.to - 1]! : hit.to;
    result += out.slice(at, from) + hit.replacement;
    at = to;
  }
  return result + out.slice(at);
}

/** True when `text` holds a key in any form (so it must never be sent or shown). */
export function looksLikeKey(text: string): boolean {
  return scrubSecrets(text) !== text;
}

/** Every string in `value`, property names included, in `into`. */
function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      collectStrings(v, into);
    }
  }
}

function scrubEach<T>(value: T, secrets: readonly string[], options: ScrubOptions): T {
  if (typeof value === 'string') return scrubSecrets(value, secrets, options) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => scrubEach(v, secrets, options)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubSecrets(k, secrets, options), scrubEach(v, secrets, options)])) as T;
  }
  return value;
}

/**
 * `value` (a JSON-like value) with every string in it scrubbed, property names included (a
 * hostile service chooses those too): for JSON written to files or to the output. When
 * nothing in it is a key, `value` itself: its strings are first scrubbed as one text, joined
 * by line feeds, which no form of a key spans (a line feed is neither hex, nor invisible,
 * nor part of a percent escape), so one pass answers for all of them (a command writes
 * thousands of orders).
 */
export function scrubDeep<T>(value: T, secrets: readonly string[] = [], options: ScrubOptions = {}): T {
  const strings: string[] = [];
  collectStrings(value, strings);
  const joined = strings.join('\n');
  return scrubSecrets(joined, secrets, options) === joined ? value : scrubEach(value, secrets, options);
}
