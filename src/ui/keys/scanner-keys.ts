/**
 * The keys a barcode scanner can be programmed to send around each code (the profile's
 * `scan_prefix` and `scan_suffix`): a Ctrl+letter (a control character such as STX, which
 * is Ctrl+B) or a function key F1-F12, named as the config file names keys (`<c-b>`, `<f9>`).
 * Nobody types these into the console, so a scan that starts with one is told from typing
 * exactly. Pure: parsing the names, and telling a press (with the bytes it came as) apart.
 *
 * Ink reports a control character as Ctrl with its letter, in a read of its own or inside a
 * burst (split-burst.ts splits it out), but a function key as a key with no name and no
 * text: only the bytes the terminal sent tell F9 from F12, so the input router hands them in.
 */
import type { Key } from 'ink';
import { parseKeyName } from './key-names.js';

export type ScannerKey = { readonly ctrl: string } | { readonly fn: number };

/** The bytes terminals send for F1-F12 (xterm, VT220, rxvt, the Linux console). */
const FUNCTION_KEY_BYTES: Readonly<Record<number, readonly string[]>> = {
  1: ['\u001bOP', '\u001b[11~', '\u001b[[A'],
  2: ['\u001bOQ', '\u001b[12~', '\u001b[[B'],
  3: ['\u001bOR', '\u001b[13~', '\u001b[[C'],
  4: ['\u001bOS', '\u001b[14~', '\u001b[[D'],
  5: ['\u001b[15~', '\u001b[[E'],
  6: ['\u001b[17~'],
  7: ['\u001b[18~'],
  8: ['\u001b[19~'],
  9: ['\u001b[20~'],
  10: ['\u001b[21~'],
  11: ['\u001b[23~'],
  12: ['\u001b[24~'],
};

/** The forms a scanner key is written in, for messages and docs. */
export const SCANNER_KEY_FORMS = '<c-x> for Ctrl with a letter (a control character: <c-b> is STX), or <f1> … <f12>';

export type ScannerKeyResult = { readonly ok: true; readonly key: ScannerKey } | { readonly ok: false; readonly message: string };

/** A scanner key name as the key it stands for, or why it cannot be one. */
export function parseScannerKey(name: string): ScannerKeyResult {
  const fn = /^<f(\d{1,2})>$/i.exec(name);
  if (fn) {
    const n = Number(fn[1]);
    return n >= 1 && n <= 12 ? { ok: true, key: { fn: n } } : { ok: false, message: `"${name}": function keys are <f1> … <f12>` };
  }
  if (/^<c-.>$/i.test(name)) {
    const parsed = parseKeyName(name);
    if (!parsed.ok) return { ok: false, message: parsed.message.replace('cannot be bound', 'cannot be a scanner key') };
    if ('ctrl' in parsed.spec) return { ok: true, key: { ctrl: parsed.spec.ctrl } };
  }
  return { ok: false, message: `"${name}" is not a key a scanner sends that nobody types; use ${SCANNER_KEY_FORMS}` };
}

/** The key in the config file's form. */
export function scannerKeyName(key: ScannerKey): string {
  return 'ctrl' in key ? `<c-${key.ctrl}>` : `<f${key.fn}>`;
}

/** True when the press (`raw`: the bytes of the read it came in) is `key`. */
export function isScannerKey(key: ScannerKey, input: string, inkKey: Key, raw: string): boolean {
  if ('ctrl' in key) return inkKey.ctrl && !inkKey.meta && input.toLowerCase() === key.ctrl;
  return input === '' && (FUNCTION_KEY_BYTES[key.fn] ?? []).includes(raw);
}

/** The bytes a terminal (xterm) sends for `key`: for tests and the docs. */
export function scannerKeyBytes(key: ScannerKey): string {
  return 'ctrl' in key ? String.fromCharCode(key.ctrl.charCodeAt(0) - 96) : FUNCTION_KEY_BYTES[key.fn]![0]!;
}
