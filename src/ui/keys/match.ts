/**
 * Maps one key press (as Ink reports it) to a named action through the binding table.
 * Pure: no React, so it is tested directly and reused by every screen.
 */
import type { Key } from 'ink';
import { KEY_BINDINGS, type KeyAction, type KeyBinding, type KeyScope, type KeySpec } from './bindings.js';

/**
 * Scopes where a text prompt or a modal question has focus: global bindings (q, ?, L) do
 * not apply there, so typing "q" into a filter field types a "q".
 */
export const PROMPT_SCOPES: ReadonlySet<KeyScope> = new Set<KeyScope>(['filter', 'find', 'reason', 'scan', 'confirm', 'profiles']);

/**
 * What a barcode scan does in a text prompt: it is typed into the field, without the Enter
 * or Tab that ended it, so a scan never submits a half-typed reject reason or filter.
 * (Quick find looks a scan up itself, and scan mode queues it.)
 */
export const SCAN_IN_PROMPT: Partial<Record<KeyScope, 'as-keys' | 'as-text'>> = { filter: 'as-text', reason: 'as-text' };

/** True when `spec` is the key that was pressed. */
export function isKeyPressed(spec: KeySpec, input: string, key: Key): boolean {
  if ('char' in spec) {
    // Alt+char and Ctrl+char are not the plain character.
    return input === spec.char && !key.ctrl && !(key.meta && !key.escape);
  }
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

function findIn(scope: KeyScope, input: string, key: Key): KeyBinding | undefined {
  return KEY_BINDINGS.find((b) => b.scope === scope && b.keys.some((k) => isKeyPressed(k, input, key)));
}

/**
 * The binding a key press selects in `scope`: the scope's own bindings first, then the
 * global ones unless `scope` is a prompt.
 */
export function matchBinding(scope: KeyScope, input: string, key: Key): KeyBinding | undefined {
  const own = findIn(scope, input, key);
  if (own || scope === 'global' || PROMPT_SCOPES.has(scope)) return own;
  return findIn('global', input, key);
}

/** The action a key press selects in `scope` (see `matchBinding`). */
export function matchAction(scope: KeyScope, input: string, key: Key): KeyAction | undefined {
  return matchBinding(scope, input, key)?.action;
}

const sameKey = (a: KeySpec, b: KeySpec) => ('char' in a && 'char' in b ? a.char === b.char : 'special' in a && 'special' in b && a.special === b.special);

/**
 * The bindings shown as hints for `scope` (plus the global ones outside prompts), in table
 * order. A global key the scope takes for itself is left out (in the log, q closes the log:
 * the footer must not say "q quit").
 */
export function hintBindings(scope: KeyScope): readonly KeyBinding[] {
  const own = KEY_BINDINGS.filter((b) => b.scope === scope && b.isHint);
  if (scope === 'global' || PROMPT_SCOPES.has(scope)) return own;
  const taken = KEY_BINDINGS.filter((b) => b.scope === scope).flatMap((b) => b.keys);
  const globals = KEY_BINDINGS.filter((b) => b.scope === 'global' && b.isHint && !b.keys.some((k) => taken.some((t) => sameKey(k, t))));
  return [...own, ...globals];
}

/** Why a mutating key does nothing in read-only mode; shown when it is pressed. */
export function readOnlyReason(binding: KeyBinding): string {
  return `Read-only mode: "${binding.label}" (${binding.description.toLowerCase()}) is disabled. Start without --read-only to change orders.`;
}

/** Actions that only move a selection or scroll: harmless if the key was a scan's first. */
const MOVE_ACTIONS: ReadonlySet<KeyAction> = new Set<KeyAction>(['move-up', 'move-down', 'page-up', 'page-down', 'jump-top', 'jump-bottom']);

/** Characters that, wherever they are bound, only move or scroll (j, k, g, G). */
const MOVE_ONLY_CHARS: ReadonlySet<string> = (() => {
  const chars = new Set(KEY_BINDINGS.flatMap((b) => b.keys.flatMap((k) => ('char' in k ? [k.char] : []))));
  const isMoveOnly = (c: string) =>
    KEY_BINDINGS.filter((b) => b.keys.some((k) => 'char' in k && k.char === c)).every((b) => MOVE_ACTIONS.has(b.action));
  return new Set([...chars].filter(isMoveOnly));
})();

/**
 * True for a character that only moves a selection wherever it is bound: it acts at once
 * even when it could start a barcode scan (see scan-classifier.ts), so navigation keys are
 * never held back.
 */
export function isMoveOnlyChar(char: string): boolean {
  return MOVE_ONLY_CHARS.has(char);
}
