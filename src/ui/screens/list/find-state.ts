/** Quick find's state as a pure reducer: typing, searching, or choosing among matches. */
import type { ReturnOrder } from '../../../api/schemas.js';
import { textAt, type TextEditState } from '../../components/text-edit.js';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';

export type FindPhase = 'typing' | 'searching' | 'choosing';

export interface FindState {
  readonly text: TextEditState;
  readonly phase: FindPhase;
  readonly matches: readonly ReturnOrder[];
  readonly cursor: number;
  /** Why the last search found nothing, or failed; shown under the prompt. */
  readonly message: DisplayText | null;
}

export type FindAction =
  | { readonly type: 'edit'; readonly text: TextEditState }
  | { readonly type: 'search' }
  | { readonly type: 'found'; readonly matches: readonly ReturnOrder[] }
  | { readonly type: 'failed'; readonly message: DisplayText }
  | { readonly type: 'move'; readonly by: number }
  | { readonly type: 'back-to-typing' };

export const initialFindState: FindState = { text: textAt(''), phase: 'typing', matches: [], cursor: 0, message: null };

/** The quick find reducer. One match is opened by the caller; none keeps the text for editing. */
export function findReducer(state: FindState, action: FindAction): FindState {
  switch (action.type) {
    case 'edit':
      return { ...state, text: action.text, phase: 'typing', message: null };
    case 'search':
      return { ...state, phase: 'searching', message: null };
    case 'found':
      if (action.matches.length === 0) {
        return { ...state, phase: 'typing', matches: [], message: display`No order has the name or id "${sanitizeForTerminal(state.text.value.trim())}".` };
      }
      return { ...state, phase: 'choosing', matches: action.matches, cursor: 0 };
    case 'failed':
      return { ...state, phase: 'typing', message: action.message };
    case 'move': {
      const last = Math.max(0, state.matches.length - 1);
      return { ...state, cursor: Math.max(0, Math.min(last, state.cursor + action.by)) };
    }
    case 'back-to-typing':
      return { ...state, phase: 'typing', matches: [], cursor: 0 };
  }
}
