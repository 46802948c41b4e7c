/**
 * Text pasted into the console (the terminal's bracketed paste), made fit for a one-line
 * field: line breaks and tabs become one space, control characters, bidi controls and
 * invisible spacing are dropped, the ends are trimmed, and it is cut to as much as a field
 * of the service is shown. A paste is never a run of key presses or a barcode scan: see the
 * input router.
 */
import { DISPLAY_MAX_CHARS, isInvisibleFormat } from '../../format/sanitize.js';

export interface PastedText {
  /** The text to type, one line. */
  readonly text: string;
  /** True when line breaks or tabs were joined into spaces. */
  readonly isJoined: boolean;
  /** True when the paste was longer than DISPLAY_MAX_CHARS code points and was cut. */
  readonly isCut: boolean;
}

const BREAK = /[\t\n\v\f\r\u0085\u2028\u2029]/;
const BREAKS = new RegExp(`${BREAK.source}+`, 'g');

const isDropped = (char: string): boolean => {
  const cp = char.codePointAt(0) ?? 0;
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || isInvisibleFormat(cp) || (cp >= 0xd800 && cp <= 0xdfff);
};

/** `raw`, as Ink hands over a paste, made into one line of text for a field. */
export function pastedText(raw: string): PastedText {
  const trimmed = raw.trim();
  const chars = [...trimmed.replace(BREAKS, ' ')].filter((char) => !isDropped(char));
  const isCut = chars.length > DISPLAY_MAX_CHARS;
  return {
    text: (isCut ? chars.slice(0, DISPLAY_MAX_CHARS) : chars).join('').trim(),
    isJoined: BREAK.test(trimmed),
    isCut,
  };
}
