/**
 * Editing one line of text, as a pure function of a key press. The console's prompts keep
 * their text in their own reducer and edit it here, synchronously with the key, so a
 * burst of keys (a paste, a barcode scanner) followed by Enter is never read half-typed.
 */
import type { Key } from 'ink';

export interface TextEditState {
  readonly value: string;
  /** Index in code points, 0..length. */
  readonly cursor: number;
}

/** A field holding `value` with the cursor at its end. */
export function textAt(value: string): TextEditState {
  return { value, cursor: [...value].length };
}

// Control characters never go into a field (a pasted line break, a stray escape).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The start of the word before `at`: spaces left of it skipped, then the word. */
function wordStart(chars: readonly string[], at: number): number {
  let i = at;
  while (i > 0 && chars[i - 1] === ' ') i--;
  while (i > 0 && chars[i - 1] !== ' ') i--;
  return i;
}

/** The field after a readline Ctrl key (Ctrl+A, E, U, K, W), or null for any other Ctrl key. */
function editWithCtrl(chars: string[], at: number, letter: string): TextEditState | null {
  switch (letter) {
    case 'a': return { value: chars.join(''), cursor: 0 };
    case 'e': return { value: chars.join(''), cursor: chars.length };
    case 'u': return { value: chars.slice(at).join(''), cursor: 0 };
    case 'k': return { value: chars.slice(0, at).join(''), cursor: at };
    case 'w': {
      const from = wordStart(chars, at);
      return { value: [...chars.slice(0, from), ...chars.slice(at)].join(''), cursor: from };
    }
    default: return null;
  }
}

/**
 * The field after a key, or null when the key is not an editing key (Enter, Esc, Tab,
 * arrows up/down, and Ctrl+letters other than readline's A, E, U, K and W are left to the
 * caller; a binding of the config file on one of those wins, as the caller tries bindings first).
 */
export function editText(state: TextEditState, input: string, key: Key): TextEditState | null {
  const chars = [...state.value];
  const at = Math.max(0, Math.min(state.cursor, chars.length));
  if (key.ctrl && !key.meta) return editWithCtrl(chars, at, input.toLowerCase());
  if (key.leftArrow) return { value: state.value, cursor: Math.max(0, at - 1) };
  if (key.rightArrow) return { value: state.value, cursor: Math.min(chars.length, at + 1) };
  if (key.home) return { value: state.value, cursor: 0 };
  if (key.end) return { value: state.value, cursor: chars.length };
  // Terminals send DEL (Ink: "delete") for the Backspace key; both erase to the left.
  if (key.backspace || key.delete) {
    if (at === 0) return state;
    chars.splice(at - 1, 1);
    return { value: chars.join(''), cursor: at - 1 };
  }
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown || key.ctrl || key.meta) {
    return null;
  }
  const text = input.replace(CONTROL, '');
  if (text === '') return null;
  const added = [...text];
  chars.splice(at, 0, ...added);
  return { value: chars.join(''), cursor: at + added.length };
}
