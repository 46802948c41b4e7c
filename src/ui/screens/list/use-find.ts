/**
 * Quick find's input mapping and lookups. As the user types, the profile's search index is
 * searched (customer, e-mail, order name, original order id, product, SKU) and its matches
 * listed, best first; Enter reads the chosen one from the service before it opens (the index
 * is a cache: an order the service no longer lists is taken out of it instead). Without an
 * index match, Enter looks the text up as an order name or id through the service: one match
 * opens at once, several are listed to choose from, none says so.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { quotedScan } from '../../keys/quoted-scan.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { editText, textAt } from '../../components/text-edit.js';
import { display, sanitizeForTerminal } from '../../../format/sanitize.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useSyncReducer } from '../../hooks/use-sync-reducer.js';
import { classifyError } from '../../errors/classify.js';
import { useEchoedTyping, useScanHandler } from '../../keys/input-router.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { orderRefOfScan } from '../../../ops/scan-code.js';
import { parseFind } from '../../../ops/order-refs.js';
import { findOrdersQuery } from '../../queries/find-queries.js';
import { orderKeys } from '../../queries/query-keys.js';
import { useSearchIndex } from '../../search-index/search-index-context.js';
import { orderDetailQuery } from '../order/order-queries.js';
import { findReducer, initialFindState, type FindState } from './find-state.js';

/** Index matches listed at most (more are counted, not shown). */
export const FIND_HIT_LIMIT = 50;

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
  const { index, wake } = useSearchIndex();
  const [state, dispatch, latest] = useSyncReducer(findReducer, options.initialText ?? '', (text) => ({ ...initialFindState, text: textAt(text) }));

  // `/` wakes the index (opens it now, or refreshes it when nothing refreshes by itself).
  useEffect(wake, [wake]);
  const found = (text: string) => (index && text.trim() !== '' ? index.search(text, FIND_HIT_LIMIT) : null);
  // The matches follow the index: when it opens, and as its walk or a refresh changes it.
  useEffect(() => {
    if (!index) return;
    const again = () => {
      const now = latest();
      if (now.phase === 'typing') dispatch({ type: 'edit', text: now.text, found: found(now.text.value) });
    };
    again();
    return index.subscribe(again);
    // `found` reads `index` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, latest, dispatch]);

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

  /** The chosen index match, read from the service first. */
  const openHit = (id: number, name: string) => {
    dispatch({ type: 'opening' });
    queryClient.fetchQuery({ ...orderDetailQuery(client, id), staleTime: 0 }).then(
      (order) => {
        if (order) return options.onOpen(order);
        index?.forget([id]);
        queryClient.removeQueries({ queryKey: orderKeys.detail(id) });
        const now = latest();
        dispatch({ type: 'edit', text: now.text, found: found(now.text.value) });
        dispatch({ type: 'failed', message: display`Order ${sanitizeForTerminal(name)} is no longer listed (cancelled, a draft again, or gone): taken out of the search index.` });
      },
      (error: unknown) => {
        const view = classifyError(error);
        dispatch({ type: 'failed', message: 'message' in view ? view.message : display`The order could not be read; try again.` });
      },
    );
  };

  useKeyBindings(
    'find',
    (action) => {
      const now = latest();
      if (now.phase === 'searching' || now.phase === 'opening') return;
      switch (action) {
        case 'apply': {
          const hit = now.hits[now.cursor];
          if (now.phase === 'choosing') {
            if (now.matches[now.cursor]) options.onOpen(now.matches[now.cursor]!);
          } else if (hit) openHit(hit.record.id, hit.record.orderName);
          else search();
          return;
        }
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
        if (next) dispatch({ type: 'edit', text: next, found: next.value === now.text.value ? { hits: now.hits, total: now.total, isCountCapped: now.isCountCapped } : found(next.value) });
      },
    },
  );

  // Each letter searches at once: a scan still comes whole (and replaces what was typed of it).
  useEchoedTyping(true);

  // A barcode scan replaces the text and is looked up at once through the service.
  const { show } = useNotice();
  useScanHandler('field', (scan) => {
    if (latest().phase === 'searching' || latest().phase === 'opening') {
      show(display`Scan "${quotedScan(scan.text)}" came mid-search: nothing done; scan it again.`, 'warning');
      return 'taken';
    }
    dispatch({ type: 'edit', text: textAt(orderRefOfScan(scan.text, profile.scanCodePattern)) });
    search();
    return 'taken';
  });

  return state;
}
