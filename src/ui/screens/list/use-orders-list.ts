/**
 * The orders list's data and input mapping: the current page through React Query (the next
 * one prefetched, the previous ones served from the cache), auto-refresh, recovery from
 * outages, a restart from page 1 when a cursor is refused, and the list's keys.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { quotedScan } from '../../keys/quoted-scan.js';
import { useEffect, useMemo, useRef } from 'react';
import type { ReturnOrder } from '../../../api/schemas.js';
import { useAppActions } from '../../context/app-actions-context.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { classifyError, type ErrorView } from '../../errors/classify.js';
import { useAutoRecovery } from '../../hooks/use-auto-recovery.js';
import { useOpenWebPage } from '../../hooks/use-web-page.js';
import type { KeyAction } from '../../keys/bindings.js';
import { useScanHandler } from '../../keys/input-router.js';
import { actionLabel } from '../../keys/match.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { display, sanitizeForTerminal } from '../../../format/sanitize.js';
import { orderRefOfScan } from '../../../ops/scan-code.js';
import { listPageQuery, listStaleMs } from '../../queries/list-queries.js';
import { orderKeys } from '../../queries/query-keys.js';
import { currentCursor, selectedIndex, selectedOrderId, type ListState } from './list-state.js';
import type { ListStore } from './use-list-state.js';

/** List actions that act on the marked orders (or the current one). */
export type TargetsAction = Extract<KeyAction, 'receive' | 'approve-all-marked' | 'scan-mode'>;

export interface UseOrdersListOptions {
  readonly store: ListStore;
  /** Rows of the table on screen, asked when PgUp/PgDn move by that much. */
  readonly pageRows: () => number;
  /** False while a panel or another screen has the keyboard. */
  readonly isActive: boolean;
  readonly onOpen: (id: number) => void;
  /** Receive, approve all, scan mode: given the marked ids, or the current order's. */
  readonly onTargetsAction?: (action: TargetsAction, ids: readonly number[]) => void;
}

export interface OrdersListModel {
  readonly state: ListState;
  readonly rows: readonly ReturnOrder[];
  readonly selectedIndex: number;
  readonly isLoading: boolean;
  readonly isFetching: boolean;
  /** When the page on screen was fetched (0 before the first answer). */
  readonly updatedAt: number;
  /** A failure shown on the list (auth and cursor failures are handled elsewhere). */
  readonly error: Extract<ErrorView, { kind: 'transient' | 'other' }> | null;
  /** When the next automatic try after a transient failure is due. */
  readonly retryAt: number | null;
}

/** Everything the list screen shows, and its keys. */
export function useOrdersList(options: UseOrdersListOptions): OrdersListModel {
  const [state, dispatch, latest] = options.store;
  const { client, profile } = useServices();
  const queryClient = useQueryClient();
  const { show } = useNotice();
  const appActions = useAppActions();
  const table = useKeyTable();
  const openWebPage = useOpenWebPage();
  const cursor = currentCursor(state);
  const staleMs = listStaleMs(profile.refreshIntervalMs);

  const query = useQuery({
    ...listPageQuery(client, state.filters, state.limit, cursor, staleMs),
    refetchInterval: profile.refreshIntervalMs > 0 ? profile.refreshIntervalMs : false,
  });
  const page = query.data;
  const rows = useMemo(() => page?.data ?? [], [page]);
  const ids = useMemo(() => rows.map((o) => o.id), [rows]);
  const isPlaceholder = query.isPlaceholderData;
  const view = query.error ? classifyError(query.error) : null;

  // Prefetch the next page so "n" shows it at once.
  const nextCursor = !isPlaceholder && page?.has_more ? page.next_cursor : null;
  useEffect(() => {
    if (nextCursor === null) return;
    void queryClient.prefetchQuery(listPageQuery(client, state.filters, state.limit, nextCursor, staleMs));
  }, [nextCursor, queryClient, client, state.filters, state.limit, staleMs]);

  // The selection follows the order id: pin it on an id once a page is on screen (the
  // reducer decides with the latest state, so a key pressed meanwhile wins).
  useEffect(() => {
    if (!isPlaceholder) dispatch({ type: 'pin', ids });
  }, [isPlaceholder, ids, dispatch]);

  // Refused cursors restart the walk; refused filters go back to the panel. Once per
  // failure (its errorUpdatedAt): a re-render with the same failure must not act again.
  const failure = query.error;
  const failedAt = query.errorUpdatedAt;
  const handledFailureAt = useRef(0);
  useEffect(() => {
    if (!failure || handledFailureAt.current === failedAt) return;
    handledFailureAt.current = failedAt;
    const v = classifyError(failure);
    if (v.kind === 'cursor') {
      queryClient.removeQueries({ queryKey: orderKeys.page(state.filters, state.limit, cursor) });
      dispatch({ type: 'restart' });
      show(display`The page cursor expired: the list starts again at page 1.`, 'warning');
    } else if (v.kind === 'param') {
      dispatch({ type: 'filters-rejected', error: v.error });
      show(display`Filters refused (${sanitizeForTerminal(v.error.code)}): the field is marked in the panel.`, 'error');
    }
  }, [failure, failedAt, queryClient, state.filters, state.limit, cursor, dispatch, show]);

  const { retryAt } = useAutoRecovery({
    isFailing: view?.kind === 'transient',
    failureStamp: query.errorUpdatedAt,
    retry: () => void query.refetch(),
  });

  // Keys read the latest state: several keys may arrive before the next render.
  const currentId = () => selectedOrderId(latest(), ids);
  const targets = (): readonly number[] => {
    const { marked } = latest();
    const id = currentId();
    return marked.length > 0 ? marked : id === undefined ? [] : [id];
  };

  useKeyBindings(
    'list',
    (action) => {
      // A key right behind "f" or "/" belongs to the panel that is opening, not to the list.
      if (latest().mode !== 'browse') return;
      switch (action) {
        case 'move-up':
        case 'move-down':
          dispatch({ type: 'move', by: action === 'move-up' ? -1 : 1, ids });
          return;
        case 'page-up':
        case 'page-down':
          dispatch({ type: 'move', by: (action === 'page-up' ? -1 : 1) * Math.max(1, options.pageRows()), ids });
          return;
        case 'jump-top':
        case 'jump-bottom':
          dispatch({ type: 'jump', to: action === 'jump-top' ? 'top' : 'bottom', ids });
          return;
        case 'open': {
          const id = currentId();
          if (id !== undefined) options.onOpen(id);
          return;
        }
        case 'mark':
          dispatch({ type: 'mark-and-move', ids });
          return;
        case 'mark-page':
          dispatch({ type: 'mark-page', ids });
          return;
        case 'mark-range': {
          const isOpening = latest().rangeAnchor === null;
          dispatch({ type: 'mark-range', ids });
          if (isOpening && currentId() !== undefined) show(display`Range started: move to its other end and press ${actionLabel('list', 'mark-range', table)} to mark all between.`);
          return;
        }
        case 'clear-marks':
          if (latest().marked.length === 0) show(display`No order is marked.`);
          dispatch({ type: 'clear-marks' });
          return;
        case 'find':
          dispatch({ type: 'set-mode', mode: 'find' });
          return;
        case 'filter':
          dispatch({ type: 'set-mode', mode: 'filter' });
          return;
        case 'command-line':
          dispatch({ type: 'set-mode', mode: 'command' });
          return;
        case 'next-page':
          if (isPlaceholder || !page) show(display`Still loading this page…`);
          else if (latest().pageIndex !== state.pageIndex) show(display`Still loading this page…`);
          else if (page.has_more && page.next_cursor !== null) dispatch({ type: 'next-page', nextCursor: page.next_cursor });
          else show(display`This is the last page.`);
          return;
        case 'prev-page':
          if (latest().pageIndex === 0) show(display`Already on the first page.`);
          else dispatch({ type: 'prev-page' });
          return;
        case 'refresh':
          void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
          return;
        case 'overview':
          appActions?.openOverview();
          return;
        case 'open-web': {
          const id = currentId();
          const order = rows.find((o) => o.id === id);
          if (order) openWebPage(order);
          else show(display`No order selected.`);
          return;
        }
        case 'receive':
        case 'approve-all-marked':
        case 'scan-mode': {
          const ids = targets();
          if (ids.length === 0 && action !== 'scan-mode') show(display`No order selected.`);
          else options.onTargetsAction?.(action, ids);
          return;
        }
        default:
          return;
      }
    },
    { isActive: options.isActive && state.mode === 'browse' },
  );

  // A barcode scan on the list (scan mode is off) never acts as keys: it offers to find the order.
  useScanHandler(
    'screen',
    (scan) => {
      if (latest().mode !== 'browse') return null;
      dispatch({ type: 'find-text', text: orderRefOfScan(scan.text, profile.scanCodePattern) });
      show(display`Scan "${quotedScan(scan.text)}": ${actionLabel('find', 'apply', table)} finds, ${actionLabel('find', 'back', table)} cancels, ${actionLabel('list', 'scan-mode', table)} scan mode.`);
      return 'taken';
    },
    { isActive: options.isActive },
  );

  return {
    state,
    rows,
    selectedIndex: selectedIndex(state, ids),
    isLoading: query.isPending,
    isFetching: query.isFetching,
    updatedAt: query.dataUpdatedAt,
    error: view?.kind === 'transient' || view?.kind === 'other' ? view : null,
    retryAt,
  };
}
