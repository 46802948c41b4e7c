/** Every character SIMPLE_TEXT (src/format/graphemes.ts) takes, for tests that check them all. */
import { SIMPLE_TEXT } from '../../src/format/graphemes.js';

/** The characters of SIMPLE_TEXT, by code point (LF and the BMP outside the surrogates). */
export function simpleCharacters(): string[] {
  const out: string[] = [];
  for (let cp = 0; cp <= 0xffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCharCode(cp);
    if (SIMPLE_TEXT.test(c)) out.push(c);
  }
  return out;
}
