/**
 * What the notice line says for a key that does nothing on the screen (pure): the key, that
 * it does nothing here, where it does something (the first other screen that binds it), and
 * the key that lists this screen's keys. A key never does nothing silently.
 */
import type { Key } from 'ink';
import { sanitizeForTerminal, type DisplayText } from '../../format/sanitize.js';
import { displayWidth } from '../../format/width.js';
import type { KeyBinding, KeyScope, KeySpec } from './bindings.js';
import { keyName, SCOPE_TITLES } from './binding-docs.js';
import { boundLabel, keyIdentity, type KeyTable } from './match.js';

type SpecialKey = Extract<KeySpec, { special: string }>['special'];

/** The named keys Ink reports, in the order they are told apart (Shift+Tab before Tab). */
const SPECIALS: readonly (readonly [SpecialKey, (key: Key) => boolean])[] = [
  ['up', (k) => k.upArrow], ['down', (k) => k.downArrow], ['left', (k) => k.leftArrow], ['right', (k) => k.rightArrow],
  ['pageUp', (k) => k.pageUp], ['pageDown', (k) => k.pageDown], ['home', (k) => k.home], ['end', (k) => k.end],
  ['return', (k) => k.return], ['escape', (k) => k.escape], ['shiftTab', (k) => k.tab && k.shift], ['tab', (k) => k.tab],
  ['backspace', (k) => k.backspace], ['delete', (k) => k.delete],
];

/** The key pressed, in the key table's terms; null for input that is not one key (text read at once, an unknown sequence). */
export function pressedKey(input: string, key: Key): KeySpec | null {
  const special = SPECIALS.find(([, is]) => is(key));
  if (special) return { special: special[0] };
  if (key.ctrl && /^[a-z]$/i.test(input)) return { ctrl: input.toLowerCase() };
  if (input === ' ') return { special: 'space' };
  if ([...input].length === 1 && /^\P{C}$/u.test(input) && !key.meta) return { char: input };
  return null;
}

/** Longest description named in full; a longer one is named by the binding's footer words. */
const DESCRIPTION_MAX = 32;

/** A binding's words, short: its description up to any aside (in brackets, after a colon or a semicolon), or its footer words. */
function shortWords(binding: KeyBinding): string {
  const short = binding.description.replace(/\s*[(:;].*$/, '');
  return short.length > DESCRIPTION_MAX && binding.hint ? binding.hint : short;
}

/** Columns a notice has: an 80-column line less its tone symbol ("ℹ "). */
export const NOTICE_WIDTH = 78;

/** Why `spec` does nothing in `scopes`, for the notice line (within NOTICE_WIDTH: where it does something is left out first, then the pointer to help). */
export function unboundKeyText(scopes: readonly KeyScope[], spec: KeySpec, table: KeyTable): DisplayText {
  const name = sanitizeForTerminal(keyName(spec));
  // Closing another screen is no news; what the key does on a screen it opens or works on is.
  const elsewhere = SCOPE_TITLES.map(([scope, title]) => ({
    title,
    binding: table.find((b) => b.scope === scope && b.action !== 'back' && !scopes.includes(scope) && b.keys.some((k) => keyIdentity(k) === keyIdentity(spec))),
  })).find((s) => s.binding !== undefined && s.binding.scope !== 'global');
  const help = scopes.includes('help') ? null : boundLabel('global', 'help', table);
  const where = elsewhere?.binding ? ` (${elsewhere.title}: ${shortWords(elsewhere.binding)})` : '';
  const pointer = help ? ` ${help} lists the keys.` : '';
  const variants = [`"${name}" does nothing here${where}.${pointer}`, `"${name}" does nothing here${where}.`, `"${name}" does nothing here.${pointer}`];
  return sanitizeForTerminal(variants.find((v) => displayWidth(v) <= NOTICE_WIDTH) ?? variants[2]!);
}
