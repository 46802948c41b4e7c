/**
 * Maps one key press (as Ink reports it) to a named action through the binding table.
 * Pure: no React, so it is tested directly and reused by every screen.
 */
import type { Key } from 'ink';
import { sanitizeForTerminal, type DisplayText } from '../../format/sanitize.js';
import { KEY_BINDINGS, type KeyAction, type KeyBinding, type KeyScope, type KeySpec } from './bindings.js';
import type { DisabledReason, KeyState } from './disabled-reasons.js';

/** A key table: the built-in one, or the built-in one with the config file's keybindings applied. */
export type KeyTable = readonly KeyBinding[];

/**
 * Scopes where a text prompt or a modal question has focus: global bindings (q, ?, L) do
 * not apply there, so typing "q" into a filter field types a "q".
 */
export const PROMPT_SCOPES: ReadonlySet<KeyScope> = new Set<KeyScope>(['filter', 'find', 'command', 'reason', 'scan', 'confirm', 'profiles', 'help-find']);

/** Prompt scopes where characters are typed as text: a character bound there could not be typed. */
export const TEXT_SCOPES: ReadonlySet<KeyScope> = new Set<KeyScope>(['filter', 'find', 'command', 'reason', 'scan', 'help-find']);

/**
 * What a barcode scan does in a text prompt: it is typed into the field, without the Enter
 * or Tab that ended it, so a scan never submits a half-typed reject reason or filter.
 * (Quick find looks a scan up itself, and scan mode queues it.)
 */
export const SCAN_IN_PROMPT: Partial<Record<KeyScope, 'as-keys' | 'as-text'>> = { filter: 'as-text', reason: 'as-text', command: 'as-text' };

/** True when `spec` is the key that was pressed. */
export function isKeyPressed(spec: KeySpec, input: string, key: Key): boolean {
  if ('char' in spec) {
    // Alt+char and Ctrl+char are not the plain character.
    return input === spec.char && !key.ctrl && !(key.meta && !key.escape);
  }
  if ('ctrl' in spec) return key.ctrl && !key.meta && input.toLowerCase() === spec.ctrl;
  switch (spec.special) {
    case 'up': return key.upArrow;
    case 'down': return key.downArrow;
    case 'left': return key.leftArrow;
    case 'right': return key.rightArrow;
    case 'pageUp': return key.pageUp;
    case 'pageDown': return key.pageDown;
    case 'home': return key.home;
    case 'end': return key.end;
    case 'return': return key.return;
    case 'escape': return key.escape;
    case 'tab': return key.tab && !key.shift;
    case 'shiftTab': return key.tab && key.shift;
    case 'space': return input === ' ' && !key.ctrl;
    case 'ctrlC': return key.ctrl && input === 'c';
    case 'backspace': return key.backspace;
    case 'delete': return key.delete;
  }
}

function findIn(table: KeyTable, scope: KeyScope, input: string, key: Key): KeyBinding | undefined {
  return table.find((b) => b.scope === scope && b.keys.some((k) => isKeyPressed(k, input, key)));
}

/**
 * The binding a key press selects in `scope`: the scope's own bindings first, then the
 * global ones unless `scope` is a prompt.
 */
export function matchBinding(scope: KeyScope, input: string, key: Key, table: KeyTable = KEY_BINDINGS): KeyBinding | undefined {
  const own = findIn(table, scope, input, key);
  if (own || scope === 'global' || PROMPT_SCOPES.has(scope)) return own;
  return findIn(table, 'global', input, key);
}

/** The action a key press selects in `scope` (see `matchBinding`). */
export function matchAction(scope: KeyScope, input: string, key: Key, table: KeyTable = KEY_BINDINGS): KeyAction | undefined {
  return matchBinding(scope, input, key, table)?.action;
}

/**
 * A stable identity of a key, for comparing keys (the space character and Space are one
 * key, and so are Ctrl+C and `<c-c>`).
 */
export function keyIdentity(spec: KeySpec): string {
  if ('char' in spec) return spec.char === ' ' ? 'special:space' : `char:${spec.char}`;
  if ('ctrl' in spec) return `ctrl:${spec.ctrl}`;
  return spec.special === 'ctrlC' ? 'ctrl:c' : `special:${spec.special}`;
}

const sameKey = (a: KeySpec, b: KeySpec) => keyIdentity(a) === keyIdentity(b);

/**
 * The bindings shown as hints for `scope` (plus the global ones outside prompts), in table
 * order. A global key the scope takes for itself is left out (in the log, q closes the log:
 * the footer must not say "q quit").
 */
export function hintBindings(scope: KeyScope, table: KeyTable = KEY_BINDINGS): readonly KeyBinding[] {
  // An action left without keys (<disabled>) has nothing to show.
  const own = table.filter((b) => b.scope === scope && b.hintRank !== undefined && b.keys.length > 0);
  if (scope === 'global' || PROMPT_SCOPES.has(scope)) return own;
  const taken = table.filter((b) => b.scope === scope).flatMap((b) => b.keys);
  const globals = table.filter(
    (b) => b.scope === 'global' && b.hintRank !== undefined && b.keys.length > 0 && !b.keys.some((k) => taken.some((t) => sameKey(k, t))),
  );
  return [...own, ...globals];
}

/**
 * The label of the keys of `action` in `scope` ("f", "Ctrl+F"), for messages that name a key;
 * for an action the config left without keys (`<disabled>`), says so with the action's name.
 */
export function actionLabel(scope: KeyScope, action: KeyAction, table: KeyTable = KEY_BINDINGS): DisplayText {
  return boundLabel(scope, action, table) ?? sanitizeForTerminal(`(no key for ${action})`);
}

/**
 * The label of the keys of `action` in `scope`, or null when the config left it without keys:
 * for hints and asides that are left out then ("R: now", "f to change them").
 */
export function boundLabel(scope: KeyScope, action: KeyAction, table: KeyTable = KEY_BINDINGS): DisplayText | null {
  const binding = table.find((b) => b.scope === scope && b.action === action);
  if (!binding || binding.keys.length === 0) return null;
  // Labels come from the config file too: shown through the one sanitizer like any outside text.
  return sanitizeForTerminal(binding.label);
}

/** Why a mutating key does nothing in read-only mode; shown when it is pressed. */
export function readOnlyReason(binding: KeyBinding): string {
  // Short enough for an 80-column notice line with any key label (test/ui/notice-width.test.ts).
  return `Read-only mode: "${binding.label}" is off (start without --read-only to change orders).`;
}

/**
 * Why `binding`'s key does nothing now, or undefined when it acts: read-only mode for a key
 * that changes data, else the binding's own `disabledReason` for the screen's `state`
 * (none given: the screen has no state its keys depend on).
 */
export function offReason(binding: KeyBinding, isReadOnly: boolean, state?: KeyState): DisabledReason | undefined {
  if (isReadOnly && binding.isMutating) return { text: sanitizeForTerminal(readOnlyReason(binding)), short: 'read-only' };
  return state && binding.disabledReason?.(state);
}

/** Why the key of `action` in `scope` does nothing for `state` (its binding's `disabledReason`), or undefined. */
export function disabledReasonOf(scope: KeyScope, action: KeyAction, state: KeyState, table: KeyTable = KEY_BINDINGS): DisabledReason | undefined {
  return table.find((b) => b.scope === scope && b.action === action)?.disabledReason?.(state);
}

/** Actions that only move a selection or scroll: harmless if the key was a scan's first. */
const MOVE_ACTIONS: ReadonlySet<KeyAction> = new Set<KeyAction>(['move-up', 'move-down', 'page-up', 'page-down', 'jump-top', 'jump-bottom']);

/** Characters that, wherever they are bound in `table`, only move or scroll (j, k, g, G by default). */
function moveOnlyChars(table: KeyTable): ReadonlySet<string> {
  const chars = new Set(table.flatMap((b) => b.keys.flatMap((k) => ('char' in k ? [k.char] : []))));
  const isMoveOnly = (c: string) =>
    table.filter((b) => b.keys.some((k) => 'char' in k && k.char === c)).every((b) => MOVE_ACTIONS.has(b.action));
  return new Set([...chars].filter(isMoveOnly));
}

const moveOnlyCache = new WeakMap<KeyTable, (char: string) => boolean>();

/**
 * For `table`: true for a character that only moves a selection wherever it is bound: it
 * acts at once even when it could start a barcode scan (see scan-classifier.ts), so
 * navigation keys are never held back.
 */
export function moveOnlyCharTest(table: KeyTable): (char: string) => boolean {
  let test = moveOnlyCache.get(table);
  if (!test) {
    const chars = moveOnlyChars(table);
    test = (char) => chars.has(char);
    moveOnlyCache.set(table, test);
  }
  return test;
}

/** `moveOnlyCharTest` of the built-in table (j, k, g, G). */
export function isMoveOnlyChar(char: string): boolean {
  return moveOnlyCharTest(KEY_BINDINGS)(char);
}
