/**
 * Keyboard input of the order screen, through the binding table: the scope follows the
 * mode (items, reason prompt, confirmation), and each action becomes a reducer action or
 * one of the screen's commands. Typed text only reaches the reason prompt.
 */
import type { Key } from 'ink';
import type { KeyAction, KeyScope } from '../../keys/bindings.js';
import type { KeyMeta } from '../../keys/deliberate.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { ORDER_KEY_ACTIONS } from './order-keys.js';
import type { OrderAction, OrderMode } from './order-state.js';
import { useConfirmGate, type ConfirmStatus } from './use-confirm-gate.js';

export interface OrderCommands {
  readonly dispatch: (action: OrderAction) => void;
  readonly onBack: () => void;
  readonly onRefresh: () => void;
  /** Opens the order's page in the web admin. */
  readonly onOpenWeb: () => void;
  /** Sends the review the confirmation dialog shows. */
  readonly onConfirmReview: () => void;
  readonly onConfirmReceive: () => void;
}

/** The key scope of a mode. */
export function scopeOfMode(mode: OrderMode): KeyScope {
  switch (mode.kind) {
    case 'reason':
      return 'reason';
    case 'confirm-review':
    case 'confirm-receive':
      return 'confirm';
    default:
      return 'order';
  }
}


/** Wires the keyboard to the order screen; returns what an open question waits for. */
export function useOrderInput(mode: OrderMode, commands: OrderCommands, isActive: boolean): ConfirmStatus {
  const scope = scopeOfMode(mode);
  const isSending = mode.kind === 'sending';
  const gate = useConfirmGate(scope === 'confirm');

  const onAction = (action: KeyAction) => {
    const { dispatch } = commands;
    if (scope === 'reason') {
      if (action === 'apply') dispatch({ type: 'reason-apply' });
      else if (action === 'back') dispatch({ type: 'reason-cancel' });
      else if (action === 'move-up') dispatch({ type: 'reason-preset', delta: -1 });
      else if (action === 'move-down') dispatch({ type: 'reason-preset', delta: 1 });
      return;
    }
    if (scope === 'confirm') {
      if (action === 'confirm-no') dispatch({ type: 'confirm-cancel' });
      else if (action === 'confirm-yes') (mode.kind === 'confirm-review' ? commands.onConfirmReview : commands.onConfirmReceive)();
      return;
    }
    if (action === 'back') return commands.onBack();
    if (action === 'refresh') return commands.onRefresh();
    if (action === 'open-web') return commands.onOpenWeb();
    const mapped = ORDER_KEY_ACTIONS[action];
    // While a request is in flight only moving is allowed: decisions must match what was sent.
    if (mapped && (!isSending || mapped.type === 'move')) dispatch(mapped);
  };

  // Only the reason prompt takes typed text; in a question a stray key re-arms it; elsewhere a key that does nothing says why.
  const onUnmatched = (input: string, key: Key, meta?: KeyMeta) => {
    if (scope === 'reason') commands.dispatch({ type: 'reason-key', input, key });
    else gate.onStray(meta);
  };
  useKeyBindings(scope, onAction, { isActive, deliberate: gate.deliberate, ...((scope === 'reason' || scope === 'confirm') && { onUnmatched }) });
  return gate.status;
}
