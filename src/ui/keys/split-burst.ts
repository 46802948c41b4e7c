/**
 * Ink hands text that arrives in one read ("jjn", a paste, a barcode scanner's "N1001\r")
 * to input handlers as one string. Bindings are single keys, so the console splits such a
 * burst into the key presses it stands for, Enter and Tab included. Pure.
 */
import type { Key } from 'ink';

/** A key press with no modifier and no special key: typed text. */
export const PLAIN_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};

/** One character as the key press Ink would report for it alone (a line feed as Enter). */
export function keyOf(char: string): readonly [string, Key] {
  const code = char.codePointAt(0) ?? 0;
  if (char === '\r' || char === '\n') return ['', { ...PLAIN_KEY, return: true }];
  if (char === '\t') return ['', { ...PLAIN_KEY, tab: true }];
  if (code === 0x7f) return ['', { ...PLAIN_KEY, delete: true }];
  if (code === 0x08) return ['', { ...PLAIN_KEY, backspace: true }];
  if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...PLAIN_KEY, ctrl: true }];
  return [char, { ...PLAIN_KEY, shift: /^[A-Z]$/.test(char) }];
}

/**
 * The key presses in `input`: one per character when Ink delivered several characters of
 * plain text at once, else the press as Ink reported it.
 */
export function splitBurst(input: string, key: Key): (readonly [string, Key])[] {
  // Ink reports a lone line feed (a scanner's suffix, Ctrl+J) as text, not as Enter.
  if (input === '\n' && !key.ctrl && !key.meta) return [keyOf('\n')];
  const chars = [...input];
  const isPlainBurst = chars.length > 1 && !input.includes('\u001b') && !key.ctrl && !key.meta;
  return isPlainBurst ? chars.map(keyOf) : [[input, key]];
}
