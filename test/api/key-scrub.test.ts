/**
 * The one key scrubber: every form of a key (case, sk_ or not, percent-encoding, invisible
 * characters between its characters, fragments) is hidden, everywhere it is used.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundServiceText } from '../../src/api/client/redact.js';
import { isInvisibleCodePoint, looksLikeKey, redactKey, scrubDeep, scrubSecrets } from '../../src/api/key-scrub.js';
import { redactSecrets } from '../../src/sandbox/errors.js';
import { KEYS } from '../helpers/fixture.js';

const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u034f', '\u180e', '\u0000', '\u0007', '\u009b', '\ufe0f', '\u{e0041}'];
const PERCENT_INVISIBLES = ['%E2%80%8B', '%e2%80%8c', '%E2%81%A0', '%EF%BB%BF', '%C2%AD'];

/** Text around a key: anything without hex digits, `%` or `_` (so it cannot extend the key). */
const surrounding = fc.string({ unit: fc.constantFrom(...'ghijklmnopqrstuvwxyz GHIJKLMNOPQRSTUVWXYZ.,:;/-"{}()\n\tüé漢😀'.split('')), maxLength: 30 });
const keyHex = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'.split('')), minLength: 64, maxLength: 64 });

/** One way of writing a key's character: as is, or percent-encoded (either case of hex). */
function encodeChar(char: string, how: number): string {
  const code = char.charCodeAt(0).toString(16);
  return how === 1 ? `%${code.toUpperCase()}` : how === 2 ? `%${code}` : char;
}

/** What a reader can make of `text`: invisible characters dropped, percent-encoding decoded, lower case. */
function asRead(text: string): string {
  return [...text]
    .filter((c) => !INVISIBLES.includes(c))
    .join('')
    .replace(/%(?:E2%80%8[BCD]|E2%81%A0|EF%BB%BF|C2%AD)/gi, '')
    .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .toLowerCase();
}

/** True when `text` shows more than the last 4 characters of the key with this hex. */
function showsKeyPart(text: string, hex: string): boolean {
  const read = asRead(text);
  const lower = hex.toLowerCase();
  for (let i = 0; i + 5 <= lower.length; i++) if (read.includes(lower.slice(i, i + 5))) return true;
  return false;
}

const writtenKey = fc.record({
  hex: keyHex,
  prefix: fc.constantFrom('sk_', 'SK_', 'sk%5F', 'sk%5f', '%73%6B%5F', ''),
  encodings: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 64, maxLength: 64 }),
  splits: fc.array(fc.record({ at: fc.integer({ min: 1, max: 63 }), with: fc.constantFrom(...INVISIBLES, ...PERCENT_INVISIBLES) }), { maxLength: 6 }),
}).map(({ hex, prefix, encodings, splits }) => {
  const chars = [...hex].map((c, i) => encodeChar(c, encodings[i]!));
  for (const split of [...splits].sort((a, b) => b.at - a.at)) chars.splice(split.at, 0, split.with);
  return { hex, written: prefix + chars.join('') };
});

describe('scrubSecrets', () => {
  it('hides every written form of a key, leaving at most its last 4 characters', () => {
    fc.assert(
      fc.property(surrounding, writtenKey, surrounding, (before, key, after) => {
        const out = scrubSecrets(`${before}${key.written}${after}`);
        expect(showsKeyPart(out, key.hex)).toBe(false);
        expect(out).toContain(`sk_…`);
        expect(out.startsWith(before)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('hides a key after characters outside the BMP (an emoji is two UTF-16 units)', () => {
    // Found by the property above in CI: positions in the read view were counted per code
    // point, so after an emoji the replacement landed early and the whole key followed it.
    const key = KEYS.north;
    const tail = key.slice(-4);
    expect(scrubSecrets(`😀${key}`)).toBe(`😀sk_…${tail}`);
    expect(scrubSecrets(`😀 😀 id ${key.toUpperCase()} 漢😀`)).toBe(`😀 😀 id sk_…${tail.toUpperCase()} 漢😀`);
    expect(scrubSecrets(`😀%73%6B%5F${key.slice(3)}\u{e0041}😀`)).toBe(`😀sk_…${tail}\u{e0041}😀`);
    expect(scrubSecrets(`𝒳${key.slice(3, 20)} and 😀${key.slice(30, 40)}`, [key])).toBe('𝒳… and 😀…');
  });

  it('hides any 5 or more characters of a known key, even without sk_', () => {
    fc.assert(
      fc.property(surrounding, fc.integer({ min: 0, max: 59 }), fc.integer({ min: 5, max: 64 }), surrounding, (before, start, length, after) => {
        const hex = KEYS.north.slice(3);
        const part = hex.slice(start, start + length);
        fc.pre(part.length >= 5);
        const out = scrubSecrets(`${before}${part}${after}`, [KEYS.north]);
        expect(showsKeyPart(out, hex)).toBe(false);
      }),
    );
  });

  it('is idempotent and leaves text without key material alone', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const once = scrubSecrets(text, [KEYS.north]);
        expect(scrubSecrets(once, [KEYS.north])).toBe(once);
      }),
    );
    fc.assert(
      fc.property(surrounding, (text) => {
        expect(scrubSecrets(text, [KEYS.north])).toBe(text);
      }),
    );
  });

  it('shows a whole key as sk_… and its last 4, and a fragment after sk_ as sk_…', () => {
    expect(scrubSecrets(`bad key ${KEYS.north}.`)).toBe(`bad key ${redactKey(KEYS.north)}.`);
    expect(scrubSecrets(`Bearer ${KEYS.unknown.slice(3).toUpperCase()}`)).toBe(`Bearer sk_…${KEYS.unknown.slice(-4).toUpperCase()}`);
    expect(scrubSecrets('see sk_0123456"...')).toBe('see sk_…"...');
    // Words that merely end in "sk" stay: task_deadline is not a key.
    expect(scrubSecrets('task_deadline and ask_face')).toBe('task_deadline and ask_face');
  });

  it('hides the part of a key that a V8 JSON parse error quotes', () => {
    let message = '';
    try {
      JSON.parse(`{"key": ${KEYS.north}}`);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/sk_a1a1/); // what V8 quotes: the start of the key
    expect(scrubSecrets(message)).not.toMatch(/sk_[0-9a-f]/i);
  });

  it('keeps request ids and order numbers', () => {
    const text = 'order 1001 (#N1001) [request id req_0a1b2c3d4e00000000000001f]';
    expect(scrubSecrets(text, [KEYS.north])).toBe(text);
  });

  it('hides a secret that is not a well-formed key as a whole', () => {
    expect(scrubSecrets('key sk_not-a-key-at-all here', ['sk_not-a-key-at-all'])).toBe('key sk_… here');
  });
});

describe('invisible characters', () => {
  it('are exactly the default-ignorable code points and the controls other than tab and line breaks', () => {
    const property = /^(?:\p{Default_Ignorable_Code_Point}|(?![\t\n\r])\p{Cc})$/u;
    const differ: string[] = [];
    for (let cp = 0; cp <= 0xe0fff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (isInvisibleCodePoint(cp) !== property.test(String.fromCodePoint(cp))) differ.push(cp.toString(16));
    }
    expect(differ).toEqual([]);
  });
});

describe('service text', () => {
  it('is scrubbed before it is cut, also when it is huge', () => {
    const message = `${'x'.repeat(490)}${KEYS.north}${'y'.repeat(2_000_000)}`;
    const out = boundServiceText(message, 500);
    expect(out).toBe(`${'x'.repeat(490)}sk_…${KEYS.north.slice(-4)}${'y'.repeat(2)}…`);
  });
});

describe('looksLikeKey and scrubDeep', () => {
  it('recognizes keys in any form', () => {
    expect(looksLikeKey(KEYS.north)).toBe(true);
    expect(looksLikeKey(`sk%5F${KEYS.north.slice(3, 30)}\u200b${KEYS.north.slice(30)}`)).toBe(true);
    expect(looksLikeKey('#N1001')).toBe(false);
  });

  it('scrubs every string of a JSON value, property names too, and gives back the value itself when it holds no key', () => {
    const split = `${KEYS.north.slice(0, 20)}\u0001${KEYS.north.slice(20)}`;
    const out = scrubDeep({ a: [split, 1, null], b: { c: 'plain' }, [KEYS.south]: 2 });
    expect(out).toEqual({ a: [redactKey(KEYS.north), 1, null], b: { c: 'plain' }, [redactKey(KEYS.south)]: 2 });
    const clean = { a: ['#N1001', 5012345678], b: { c: 'plain' } };
    expect(scrubDeep(clean, [KEYS.north])).toBe(clean);
  });

  it('scrubs a value as it scrubs each of its strings alone (one pass over them all is only a shortcut)', () => {
    const strings = fc.array(fc.oneof(surrounding, fc.tuple(surrounding, writtenKey, surrounding).map(([a, k, b]) => a + k.written + b)), { maxLength: 6 });
    fc.assert(
      fc.property(strings, fc.boolean(), (values, withSecret) => {
        const secrets = withSecret ? [KEYS.north] : [];
        expect(scrubDeep(values, secrets)).toEqual(values.map((v) => scrubSecrets(v, secrets)));
      }),
    );
  });

  it('counts a part of a known key from fragmentLength hex characters on (data output: 12)', () => {
    const part = (n: number) => `order ${KEYS.north.slice(3, 3 + n)} x`;
    expect(scrubSecrets(part(11), [KEYS.north], { fragmentLength: 12 })).toBe(part(11));
    expect(scrubSecrets(part(12), [KEYS.north], { fragmentLength: 12 })).toBe('order … x');
    expect(scrubSecrets(part(5), [KEYS.north])).toBe('order … x');
  });
});

describe("the sandbox's use of the scrubber", () => {
  it('hides runs of 24 or more hex characters (whatever a client sent) and keeps ordinary ids', () => {
    const key = KEYS.north;
    expect(redactSecrets(`unknown value: ${key.slice(3, 40)}.`)).toBe('unknown value: ….');
    expect(redactSecrets(`unknown value: ${key.slice(0, 10)}\u200b${key.slice(10)}`)).toBe(`unknown value: ${redactKey(key)}`);
    expect(redactSecrets('items[0] (item 9007199254740991)')).toBe('items[0] (item 9007199254740991)');
  });
});
