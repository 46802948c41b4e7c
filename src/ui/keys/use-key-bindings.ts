/**
 * Input handling through the binding table: a screen names its scopes and gets actions,
 * never raw keys. Mutating actions are swallowed in read-only mode with the reason shown.
 * Deliberate keys (quit, scan mode, a question's yes) act only when pressed on their own,
 * a moment later (deliberate.ts); a refused one says why in a notice, or to the screen.
 */
import type { Key } from 'ink';
import { useCallback, useLayoutEffect } from 'react';
import { useNotice } from '../context/notice-context.js';
import { useServices } from '../context/services-context.js';
import { useGlobalKeyHandler } from './global-keys-context.js';
import { useLatest } from '../hooks/use-latest.js';
import { display, DISPLAY_MAX_CHARS, sanitizeForTerminal } from '../../format/sanitize.js';
import type { KeyMeta, RefusedWhy } from './deliberate.js';
import { useInputRouter, usePasteHandler, useScanHandler } from './input-router.js';
import { isPrintablePress } from './scan-classifier.js';
import { useDeliberate } from './use-deliberate.js';
import { useIsScreenActive } from './screen-active-context.js';
import type { KeyAction, KeyBinding, KeyScope } from './bindings.js';
import { actionLabel, matchBinding, offReason, SCAN_IN_PROMPT, TEXT_SCOPES } from './match.js';
import { pressedKey, unboundKeyText } from './unbound-key.js';
import { useKeyTable } from './use-key-table.js';

/** Receives the matched action; `binding` is the table row that matched. */
export type KeyActionHandler = (action: KeyAction, input: string, key: Key, binding: KeyBinding, meta?: KeyMeta) => void;

/** How a screen with a question takes its deliberate keys (default: no arming, refusals in a notice). */
export interface DeliberateOptions {
  /** When the question was shown, or last had another key typed into it (null: no question). */
  readonly armedAt?: () => number | null;
  /** A deliberate press is held: it acts in a moment unless another key comes. */
  readonly onHeld?: (binding: KeyBinding) => void;
  readonly onRefused?: (why: RefusedWhy, binding: KeyBinding) => void;
}

export interface KeyBindingOptions {
  /**
   * False while another component owns the keyboard (a prompt, an overlay). Default true.
   * Keys are also ignored while the surrounding screen is inactive (screen-active-context).
   */
  readonly isActive?: boolean;
  /** Keys that match no binding (e.g. typed text). */
  readonly onUnmatched?: (input: string, key: Key, meta?: KeyMeta) => void;
  /**
   * Whether a key that matches no binding (and has no `onUnmatched`) is answered in the notice
   * line with why it does nothing (default true): false while another component takes what is typed.
   */
  readonly explainsUnbound?: boolean;
  readonly deliberate?: DeliberateOptions;
}

/**
 * Calls `handler` with the action of each key press. With several scopes the first one that
 * binds the key wins (global bindings are tried after each non-prompt scope's own). Global
 * actions (quit, help, activity log) go to the app shell's handler when there is one.
 */
export function useKeyBindings(
  scopes: KeyScope | readonly KeyScope[],
  handler: KeyActionHandler,
  options: KeyBindingOptions = {},
): void {
  const { isReadOnly } = useServices();
  const { show } = useNotice();
  const onGlobal = useGlobalKeyHandler();
  const isScreenActive = useIsScreenActive();
  const table = useKeyTable();
  const latestRef = useLatest({
    scopes,
    handler,
    onUnmatched: options.onUnmatched,
    explainsUnbound: options.explainsUnbound ?? true,
    deliberate: options.deliberate,
  });
  const isActive = isScreenActive && (options.isActive ?? true);
  const tryDeliberate = useDeliberate(`${isActive}|${typeof scopes === 'string' ? scopes : scopes.join()}`);

  const onInput = useCallback(
    (input: string, key: Key, meta?: KeyMeta) => {
      const { scopes: current, onUnmatched, explainsUnbound, deliberate } = latestRef.current;
      const list: readonly KeyScope[] = typeof current === 'string' ? [current] : current;
      for (const scope of list) {
        const binding = matchBinding(scope, input, key, table);
        if (!binding) continue;
        // The handler of the render when it acts (a deliberate key acts after its hold).
        const act = () => {
          if (binding.scope === 'global' && onGlobal) onGlobal(binding.action);
          else latestRef.current.handler(binding.action, input, key, binding, meta);
        };
        const off = offReason(binding, isReadOnly);
        if (off) show(off.text, 'warning');
        else if (!binding.isDeliberate) act();
        else {
          tryDeliberate({
            meta,
            isChar: isPrintablePress([input, key]),
            armedAt: deliberate?.armedAt?.() ?? null,
            act,
            onHeld: () => deliberate?.onHeld?.(binding),
            onRefused: (why) => (deliberate?.onRefused ? deliberate.onRefused(why, binding) : show(refusedText(binding), 'warning')),
          });
        }
        return true;
      }
      if (onUnmatched) onUnmatched(input, key, meta);
      else if (explainsUnbound) {
        // A key that does nothing here says so, and where it does something.
        const spec = pressedKey(input, key);
        if (spec) show(unboundKeyText(list, spec, table), 'info');
      }
      return false;
    },
    [isReadOnly, show, onGlobal, latestRef, table, tryDeliberate],
  );

  // The router delivers keys (registered with the render, see input-router.tsx); screen tests render inside one too.
  const router = useInputRouter();
  useLayoutEffect(() => (isActive ? router.register(onInput) : undefined), [router, isActive, onInput]);

  // A barcode scan into a text prompt is typed there (see SCAN_IN_PROMPT).
  const firstScope = typeof scopes === 'string' ? scopes : scopes[0];
  const scanPolicy = firstScope === undefined ? undefined : SCAN_IN_PROMPT[firstScope];
  useScanHandler(
    'field',
    (scan) => {
      if (scanPolicy === 'as-text' && firstScope !== undefined) {
        const ender = display`${scan.terminator === 'enter' ? display`Enter` : display`Tab`}`;
        // Names the prompt's own key for it (the user's key map may have moved it); short enough for 80 columns.
        show(display`Scan typed in, its ${ender} held back: check it, then press ${actionLabel(firstScope, 'apply', table)}.`, 'warning');
      }
      return scanPolicy ?? null;
    },
    { isActive: isActive && scanPolicy !== undefined },
  );

  // Pasted text goes into a text prompt as typed text (one line), never as keys.
  usePasteHandler(
    'field',
    (paste) => {
      if (paste.isCut) show(display`Pasted text was cut to its first ${DISPLAY_MAX_CHARS} characters.`, 'warning');
      else if (paste.isJoined) show(display`Pasted lines were joined into one line.`, 'info');
      return 'as-text';
    },
    { isActive: isActive && firstScope !== undefined && TEXT_SCOPES.has(firstScope) },
  );
}

/** Why a deliberate key did nothing: it came with, or right after, other keys. */
function refusedText(binding: KeyBinding) {
  const label = sanitizeForTerminal(binding.label);
  return display`"${label}" came with other keys (a scan?): nothing done. Press ${label} on its own.`;
}
