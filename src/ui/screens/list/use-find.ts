/**
 * Quick find's input mapping and lookup: Enter searches through the service; one match
 * opens at once, several are listed to choose from, none says so.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import type { ReturnOrder } from '../../../api/schemas.js';
import { useServices } from '../../context/services-context.js';
import { classifyError } from '../../errors/classify.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { findOrdersQuery, parseFind } from '../../queries/find-queries.js';
import { findReducer, initialFindState, type FindState } from './find-state.js';

export interface UseFindOptions {
  readonly onOpen: (order: ReturnOrder) => void;
  readonly onClose: () => void;
}

/** The quick find state and the text-change handler for its prompt. */
export function useFind(options: UseFindOptions): { readonly state: FindState; readonly setText: (text: string) => void } {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(findReducer, initialFindState);

  const search = () => {
    const parsed = parseFind(state.text);
    if (!parsed.ok) {
      dispatch({ type: 'failed', message: parsed.message });
      return;
    }
    dispatch({ type: 'search' });
    queryClient.fetchQuery(findOrdersQuery(client, state.text, parsed.lookup)).then(
      (matches) => {
        if (matches.length === 1 && matches[0]) options.onOpen(matches[0]);
        else dispatch({ type: 'found', matches });
      },
      (error: unknown) => {
        const view = classifyError(error);
        dispatch({ type: 'failed', message: 'message' in view ? view.message : 'The search failed; try again.' });
      },
    );
  };

  useKeyBindings('find', (action) => {
    if (state.phase === 'searching') return;
    switch (action) {
      case 'apply':
        if (state.phase === 'choosing') {
          const match = state.matches[state.cursor];
          if (match) options.onOpen(match);
        } else search();
        return;
      case 'back':
        if (state.phase === 'choosing') dispatch({ type: 'back-to-typing' });
        else options.onClose();
        return;
      case 'move-up':
        dispatch({ type: 'move', by: -1 });
        return;
      case 'move-down':
        dispatch({ type: 'move', by: 1 });
        return;
      default:
        return;
    }
  });

  return { state, setText: (text) => dispatch({ type: 'type', text }) };
}
