/** The order screen's keys as reducer actions, and whether the key behind an action is off for the order (pure). */
import type { KeyAction } from '../../keys/bindings.js';
import type { DisabledReason } from '../../keys/disabled-reasons.js';
import { disabledReasonOf } from '../../keys/match.js';
import type { OrderAction, OrderContext } from './order-state.js';

/** The reducer's action of each order key (use-order-input.ts dispatches these). */
export const ORDER_KEY_ACTIONS: Partial<Record<KeyAction, OrderAction>> = {
  'move-up': { type: 'move', delta: -1 },
  'move-down': { type: 'move', delta: 1 },
  approve: { type: 'approve' },
  reject: { type: 'open-reject' },
  keep: { type: 'keep' },
  'approve-all': { type: 'approve-all' },
  'clear-decision': { type: 'clear' },
  submit: { type: 'submit' },
  receive: { type: 'request-receive' },
};

const KEY_OF_ACTION = new Map(Object.entries(ORDER_KEY_ACTIONS).map(([key, action]) => [action.type, key as KeyAction]));

/** Why the key behind `action` does nothing for the order (its binding's disabledReason), or undefined. */
export function orderKeyOff(action: OrderAction, ctx: OrderContext): DisabledReason | undefined {
  const key = KEY_OF_ACTION.get(action.type);
  return key === undefined ? undefined : disabledReasonOf('order', key, ctx);
}
