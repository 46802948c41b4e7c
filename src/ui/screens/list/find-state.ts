/**
 * Quick find's state as a pure reducer: typing (with the search index's matches of the text
 * so far), opening the chosen match (read from the service first), looking a name or id up
 * in the service, or choosing among the service's matches.
 */
import type { ReturnOrder } from '../../../api/schemas.js';
import type { IndexHit, SearchResult } from '../../../ops/search-index/index.js';
import { textAt, type TextEditState } from '../../components/text-edit.js';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';

export type FindPhase = 'typing' | 'opening' | 'searching' | 'choosing';

export interface FindState {
  readonly text: TextEditState;
  readonly phase: FindPhase;
  /** The index's matches of the text, best first (empty without an index). */
  readonly hits: readonly IndexHit[];
  /** How many orders of the index match (see SearchResult). */
  readonly total: number;
  readonly isCountCapped: boolean;
  /** The service's matches of a name or id (phase choosing). */
  readonly matches: readonly ReturnOrder[];
  /** The chosen row: of `hits` while typing, of `matches` while choosing. */
  readonly cursor: number;
  /** Why the last search found nothing, or failed; shown under the prompt. */
  readonly message: DisplayText | null;
}

export type FindAction =
  | { readonly type: 'edit'; readonly text: TextEditState; readonly found?: SearchResult | null }
  | { readonly type: 'opening' }
  | { readonly type: 'search' }
  | { readonly type: 'found'; readonly matches: readonly ReturnOrder[] }
  | { readonly type: 'failed'; readonly message: DisplayText }
  | { readonly type: 'move'; readonly by: number }
  | { readonly type: 'back-to-typing' };

export const initialFindState: FindState = {
  text: textAt(''),
  phase: 'typing',
  hits: [],
  total: 0,
  isCountCapped: false,
  matches: [],
  cursor: 0,
  message: null,
};

/** The quick find reducer. One service match is opened by the caller; none keeps the text for editing. */
export function findReducer(state: FindState, action: FindAction): FindState {
  switch (action.type) {
    case 'edit': {
      const found = action.found ?? null;
      const hits = found?.hits ?? [];
      // New text: the best match is chosen. The same text searched again (the index changed): the
      // chosen match stays chosen while it still matches.
      const chosen = action.text.value === state.text.value ? state.hits[state.cursor]?.record.id : undefined;
      const cursor = Math.max(0, hits.findIndex((h) => h.record.id === chosen));
      return { ...state, text: action.text, phase: 'typing', hits, total: found?.total ?? 0, isCountCapped: found?.isCountCapped ?? false, cursor, message: null };
    }
    case 'opening':
      return { ...state, phase: 'opening', message: null };
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
      const count = state.phase === 'choosing' ? state.matches.length : state.hits.length;
      return { ...state, cursor: Math.max(0, Math.min(Math.max(0, count - 1), state.cursor + action.by)) };
    }
    case 'back-to-typing':
      return { ...state, phase: 'typing', matches: [], cursor: 0 };
  }
}
