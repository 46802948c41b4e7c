/** The orders list's state in a reducer hook (the app shell owns it, so it survives opening an order). */
import type { ListFilters } from '../../../api/list-params.js';
import { useSyncReducer, type SyncStore } from '../../hooks/use-sync-reducer.js';
import { initialListState, listReducer, type ListAction, type ListState } from './list-state.js';

/** [state, dispatch, latest]: `latest()` includes actions not rendered yet (see use-sync-reducer). */
export type ListStore = SyncStore<ListState, ListAction>;

/** List state starting from the console's initial filters and page size. */
export function useListState(filters: ListFilters, limit: number): ListStore {
  return useSyncReducer(listReducer, { filters, limit }, (a) => initialListState(a.filters, a.limit));
}
