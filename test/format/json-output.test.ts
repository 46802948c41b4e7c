/** JSON output: C1, bidi and invisible characters escaped, the data unchanged. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifySafeJson } from '../../src/format/json-output.js';

/** Anything a terminal could act on or that hides text, raw in output (line feeds are the indentation). */
const RAW_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;

/** Strings rich in the characters that matter, among any others. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u009b', '\u009d', '\u0085', '\u202e', '\u2066', '\u200b', '\u200d', '\ufeff', '\u00ad', '\u2028', '\u001b', '\u007f', '"', '\\', 'a', 'é', '😀'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
});

describe('stringifySafeJson', () => {
  it('gives the same data back and no unsafe character raw (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: fc.constantFrom('\u009b', '\u202e', 'x', '\u200b', '\u0085') }), nasty, fc.constantFrom(undefined, 2), (value, text, space) => {
        for (const v of [value, { name: text, nested: [text, 1, null] }]) {
          const out = stringifySafeJson(v, space);
          expect(out).not.toMatch(RAW_UNSAFE);
          expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(v)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes them as \\u escapes', () => {
    expect(stringifySafeJson({ name: 'a\u009b31mb\u202ec' })).toBe('{"name":"a\\u009b31mb\\u202ec"}');
  });
});
