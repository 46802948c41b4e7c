/** The orders list's state in a reducer hook (the app shell owns it, so it survives opening an order). */
import type { ListFilters } from '../../../api/list-params.js';
import { useSyncReducer, type SyncStore } from '../../hooks/use-sync-reducer.js';
import { initialListState, listReducer, type ListAction, type ListState, type ListView } from './list-state.js';

/** [state, dispatch, latest]: `latest()` includes actions not rendered yet (see use-sync-reducer). */
export type ListStore = SyncStore<ListState, ListAction>;

/** List state starting from the console's initial filters, page size and saved view (`--view`). */
export function useListState(filters: ListFilters, limit: number, view: ListView | null = null): ListStore {
  return useSyncReducer(listReducer, { filters, limit, view }, (a) => initialListState(a.filters, a.limit, a.view));
}
