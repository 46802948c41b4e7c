/**
 * Quick find's input mapping and lookup: Enter searches through the service; one match
 * opens at once, several are listed to choose from, none says so.
 */
import { useQueryClient } from '@tanstack/react-query';
import { quotedScan } from '../../keys/quoted-scan.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { editText, textAt } from '../../components/text-edit.js';
import { display, sanitizeForTerminal } from '../../../format/sanitize.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useSyncReducer } from '../../hooks/use-sync-reducer.js';
import { classifyError } from '../../errors/classify.js';
import { useScanHandler } from '../../keys/input-router.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { orderRefOfScan } from '../../../ops/scan-code.js';
import { parseFind } from '../../../ops/find-orders.js';
import { findOrdersQuery } from '../../queries/find-queries.js';
import { findReducer, initialFindState, type FindState } from './find-state.js';

export interface UseFindOptions {
  /** The text the prompt opens with (a scan offers to find its order): looked up at once. */
  readonly initialText?: string;
  readonly onOpen: (order: ReturnOrder) => void;
  readonly onClose: () => void;
}

/** The quick find state; typing, Enter and Esc are handled here. */
export function useFind(options: UseFindOptions): FindState {
  const { client, profile } = useServices();
  const queryClient = useQueryClient();
  const [state, dispatch, latest] = useSyncReducer(findReducer, options.initialText ?? '', (text) => ({ ...initialFindState, text: textAt(text) }));

  const search = () => {
    const text = latest().text.value;
    const parsed = parseFind(text);
    if (!parsed.ok) {
      dispatch({ type: 'failed', message: sanitizeForTerminal(parsed.message) });
      return;
    }
    dispatch({ type: 'search' });
    queryClient.fetchQuery(findOrdersQuery(client, text, parsed.lookup)).then(
      (matches) => {
        if (matches.length === 1 && matches[0]) options.onOpen(matches[0]);
        else dispatch({ type: 'found', matches });
      },
      (error: unknown) => {
        const view = classifyError(error);
        dispatch({ type: 'failed', message: 'message' in view ? view.message : display`The search failed; try again.` });
      },
    );
  };

  useKeyBindings(
    'find',
    (action) => {
      const now = latest();
      if (now.phase === 'searching') return;
      switch (action) {
        case 'apply':
          if (now.phase !== 'choosing') search();
          else if (now.matches[now.cursor]) options.onOpen(now.matches[now.cursor]!);
          return;
        case 'back':
          if (now.phase === 'choosing') dispatch({ type: 'back-to-typing' });
          else options.onClose();
          return;
        case 'move-up':
        case 'move-down':
          dispatch({ type: 'move', by: action === 'move-up' ? -1 : 1 });
          return;
        default:
          return;
      }
    },
    {
      // Typing goes straight into the reducer, so "N1009" and Enter in one burst find N1009.
      onUnmatched: (input, key) => {
        const now = latest();
        if (now.phase !== 'typing') return;
        const next = editText(now.text, input, key);
        if (next) dispatch({ type: 'edit', text: next });
      },
    },
  );

  // A barcode scan replaces the text and is looked up at once (finding is all it can do here).
  const { show } = useNotice();
  useScanHandler('field', (scan) => {
    if (latest().phase === 'searching') {
      show(display`Scan "${quotedScan(scan.text)}" came mid-search: nothing done; scan it again.`, 'warning');
      return 'taken';
    }
    dispatch({ type: 'edit', text: textAt(orderRefOfScan(scan.text, profile.scanCodePattern)) });
    search();
    return 'taken';
  });

  return state;
}
