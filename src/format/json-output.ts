/**
 * JSON for a terminal or a pipe: the same data as JSON.stringify, with every character a
 * terminal could act on, or that hides or reorders text, written as a `\u` escape. JSON
 * already escapes C0 controls (ESC included); this adds DEL, the C1 controls U+0080-U+009F
 * (U+009B is a one-byte CSI, U+009D a one-byte OSC), bidirectional controls and marks, and
 * zero-width and other invisible characters. `JSON.parse` gives the same value back.
 */

/** Characters escaped beyond what JSON.stringify escapes. Only ever inside strings in JSON text. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `JSON.stringify(value, null, space)` with the unsafe characters escaped. */
export function stringifySafeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(UNSAFE_IN_JSON, escapeChar);
}
