/**
 * Key names as the config file writes them (lazygit's forms): a character as itself, named
 * keys in angle brackets (`<enter>`, `<s-tab>`, `<pgdown>`), `<c-x>` for Ctrl with a letter.
 * Parsing and writing them back, so `returns-console config` shows keys in the form they are
 * configured in. Pure.
 */
import type { KeySpec } from './bindings.js';

type SpecialKey = Extract<KeySpec, { special: string }>['special'];

/** The named keys of the config file and the special key each stands for. */
const NAMED_KEYS: ReadonlyArray<readonly [string, SpecialKey]> = [
  ['<enter>', 'return'],
  ['<esc>', 'escape'],
  ['<tab>', 'tab'],
  ['<s-tab>', 'shiftTab'],
  ['<space>', 'space'],
  ['<up>', 'up'],
  ['<down>', 'down'],
  ['<left>', 'left'],
  ['<right>', 'right'],
  ['<pgup>', 'pageUp'],
  ['<pgdown>', 'pageDown'],
  ['<home>', 'home'],
  ['<end>', 'end'],
  ['<backspace>', 'backspace'],
  ['<delete>', 'delete'],
];

/**
 * Ctrl+letters a terminal cannot tell from another key, or that always quit: Ctrl+C quits,
 * Ctrl+H is Backspace, Ctrl+I is Tab, Ctrl+J and Ctrl+M are Enter.
 */
const RESERVED_CTRL: Readonly<Record<string, string>> = {
  c: 'Ctrl+C always quits',
  h: 'terminals send Ctrl+H as Backspace',
  i: 'terminals send Ctrl+I as Tab',
  j: 'terminals send Ctrl+J as Enter',
  m: 'terminals send Ctrl+M as Enter',
};

/** The value that leaves an action without any key. */
export const DISABLED_KEY = '<disabled>';

/** Every key name form, for messages and docs. */
export const KEY_NAME_FORMS = `a character as itself (x, G, :), ${NAMED_KEYS.map(([n]) => n).join(' ')}, <c-x> for Ctrl with a letter, or ${DISABLED_KEY}`;

export type KeyNameResult = { readonly ok: true; readonly spec: KeySpec } | { readonly ok: false; readonly message: string };

/** A config key name as the key it stands for, or why it is not one. */
export function parseKeyName(name: string): KeyNameResult {
  const named = NAMED_KEYS.find(([n]) => n === name.toLowerCase());
  if (named) return { ok: true, spec: { special: named[1] } };
  const ctrl = /^<c-([a-z])>$/i.exec(name);
  if (ctrl) {
    const letter = ctrl[1]!.toLowerCase();
    const reserved = RESERVED_CTRL[letter];
    return reserved ? { ok: false, message: `"${name}" cannot be bound: ${reserved}` } : { ok: true, spec: { ctrl: letter } };
  }
  const chars = [...name];
  if (chars.length === 1 && /^\P{C}$/u.test(name)) return { ok: true, spec: name === ' ' ? { special: 'space' } : { char: name } };
  return { ok: false, message: `"${name}" is not a key name; use ${KEY_NAME_FORMS}` };
}

/** A key in the config file's form: "j", "<down>", "<c-n>". */
export function configKeyName(spec: KeySpec): string {
  if ('char' in spec) return spec.char === ' ' ? '<space>' : spec.char;
  if ('ctrl' in spec) return `<c-${spec.ctrl}>`;
  if (spec.special === 'ctrlC') return '<c-c>';
  return NAMED_KEYS.find(([, s]) => s === spec.special)?.[0] ?? spec.special;
}

/** True for a key that types a character into a text field (a character or Space). */
export function isTypingKey(spec: KeySpec): boolean {
  return 'char' in spec || ('special' in spec && spec.special === 'space');
}
