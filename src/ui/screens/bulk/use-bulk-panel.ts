/**
 * Keyboard input of the bulk panel, through the binding table: the confirm scope while a
 * question is open (run? quit?), the bulk scope otherwise (Esc stops a run; on the results
 * Enter or Esc closes and the arrows scroll).
 */
import type { KeyScope } from '../../keys/bindings.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { useNotice } from '../../context/notice-context.js';
import type { BulkRunState } from './bulk-run-state.js';
import type { BulkRunStore } from './bulk-run-store.js';
import { display } from '../../../format/sanitize.js';
import { useConfirmGate, type ConfirmStatus } from '../order/use-confirm-gate.js';

/** The key scope of a bulk panel state. */
export function scopeOfBulkState(state: BulkRunState): KeyScope {
  return state.phase === 'confirm' || (state.phase === 'running' && state.isQuitAsked) ? 'confirm' : 'bulk';
}

/**
 * Maps keys to the store's commands; `visibleRows` is the height of the results list.
 * Returns what an open question (run? quit?) waits for.
 */
export function useBulkPanel(store: BulkRunStore, state: BulkRunState, visibleRows: number): ConfirmStatus {
  const { show } = useNotice();
  const scope = scopeOfBulkState(state);
  const gate = useConfirmGate(scope === 'confirm');
  useKeyBindings(scope, (action) => {
    if (state.phase === 'confirm') {
      if (action === 'confirm-yes') store.confirm();
      else if (action === 'confirm-no') store.cancel();
      return;
    }
    if (state.phase === 'running') {
      if (state.isQuitAsked) {
        if (action === 'confirm-yes' || action === 'confirm-no') store.answerQuit(action === 'confirm-yes');
      } else if (action === 'back') {
        if (state.isStopping) show(display`Already stopping: waiting for the requests in flight.`);
        else store.stop();
      }
      return;
    }
    if (state.phase !== 'results') return;
    switch (action) {
      case 'back':
      case 'apply':
        store.close();
        return;
      case 'move-up':
      case 'move-down':
        store.scroll(action === 'move-up' ? -1 : 1, visibleRows);
        return;
      case 'page-up':
      case 'page-down':
        store.scroll((action === 'page-up' ? -1 : 1) * Math.max(1, visibleRows), visibleRows);
        return;
      default:
        return;
    }
  }, { deliberate: gate.deliberate, onUnmatched: (_input, _key, meta) => (scope === 'confirm' ? gate.onStray(meta) : undefined) });
  return gate.status;
}
