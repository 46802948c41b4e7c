/** The orders list's state in a reducer hook (the app shell owns it, so it survives opening an order). */
import { useReducer, type Dispatch } from 'react';
import type { ListFilters } from '../../../api/list-params.js';
import { initialListState, listReducer, type ListAction, type ListState } from './list-state.js';

export type ListStore = readonly [ListState, Dispatch<ListAction>];

/** List state starting from the console's initial filters and page size. */
export function useListState(filters: ListFilters, limit: number): ListStore {
  return useReducer(listReducer, undefined, () => initialListState(filters, limit));
}
