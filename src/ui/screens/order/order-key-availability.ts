/** Which order keys do nothing for an order's status, with the footer's few words why (pure). */
import type { KeyAction } from '../../keys/bindings.js';
import { isUnknownStatus, UNKNOWN_STATUS_OFF } from '../../unknown-status.js';

const REVIEW_ACTIONS: readonly KeyAction[] = ['approve', 'reject', 'keep', 'approve-all', 'clear-decision', 'submit'];

/**
 * The order keys that do nothing for an order in `status`, each with the few words the
 * footer shows ("approve (off: not pending)"); pressing one still explains in full.
 */
export function unavailableOrderActions(status: string | null, isKeepOff = false): ReadonlyMap<KeyAction, string> {
  const off = new Map<KeyAction, string>();
  // The shop lacks keep item: the hint is dimmed (a second press still keeps, see 'keep').
  if (isKeepOff) off.set('keep', 'shop lacks it');
  if (isUnknownStatus(status)) {
    for (const action of [...REVIEW_ACTIONS, 'receive' as const]) off.set(action, UNKNOWN_STATUS_OFF);
    return off;
  }
  if (status !== 'pending') for (const action of REVIEW_ACTIONS) off.set(action, status === null ? 'loading' : 'not pending');
  if (status !== 'reviewed') off.set('receive', status === null ? 'loading' : 'not reviewed');
  return off;
}
