/**
 * The orders list's screen state as a pure reducer: filters, the stack of page cursors,
 * the selection (which follows an order id, not a row number) and the set of marked
 * orders (which survives paging, refreshes and filter changes, so bulk actions can use it).
 */
import type { ListFilters, ParamError } from '../../../api/list-params.js';
import { DEFAULT_PAGE_SIZE } from '../../../api/schemas.js';

/** What has the keyboard on the list screen. */
export type ListMode = 'browse' | 'filter' | 'find' | 'command';

/** A saved view on screen: its name and its columns (names as `list --fields`). */
export interface ListView {
  readonly name: string;
  /** null: the default columns. */
  readonly columns: readonly string[] | null;
}

/** Filters the user asked for that the service refused (shown again in the panel). */
export interface RejectedFilters {
  readonly filters: ListFilters;
  readonly limit: number;
  readonly error: ParamError;
}

export interface ListState {
  readonly filters: ListFilters;
  readonly limit: number;
  /** `cursors[i]` fetches page i; `cursors[0]` is null (the first page). */
  readonly cursors: readonly (string | null)[];
  readonly pageIndex: number;
  /** The selected order; null means "the row at `selectedRow`". */
  readonly selectedId: number | null;
  /** Row of the selection, kept so that when the order vanishes the cursor stays put. */
  readonly selectedRow: number;
  /** Marked order ids, in the order they were marked. */
  readonly marked: readonly number[];
  /** Where a range started (V), until V is pressed again; null when no range is open. */
  readonly rangeAnchor: number | null;
  readonly mode: ListMode;
  /** The text quick find opens with (a barcode scanned on the list), else "". */
  readonly findSeed: string;
  /** The filters in force before the last change (restored when the service refuses new ones). */
  readonly previous: { readonly filters: ListFilters; readonly limit: number } | null;
  readonly rejected: RejectedFilters | null;
  /** The saved view whose filters are on screen (null once the filters change otherwise). */
  readonly viewName: string | null;
  /** Columns of the last view opened (names as `list --fields`); null: the default ones. */
  readonly columns: readonly string[] | null;
}

export type ListAction =
  | { readonly type: 'move'; readonly by: number; readonly ids: readonly number[] }
  | { readonly type: 'jump'; readonly to: 'top' | 'bottom'; readonly ids: readonly number[] }
  | { readonly type: 'select'; readonly id: number; readonly ids: readonly number[] }
  /** The page on screen is `ids`: fix the selection on an order id (if it is not on one of them). */
  | { readonly type: 'pin'; readonly ids: readonly number[] }
  | { readonly type: 'next-page'; readonly nextCursor: string }
  | { readonly type: 'prev-page' }
  | { readonly type: 'apply-filters'; readonly filters: ListFilters; readonly limit: number }
  /** A saved view: its filters, page size and columns. */
  | { readonly type: 'apply-view'; readonly view: ListView; readonly filters: ListFilters; readonly limit: number }
  /** No filters, no view, the default columns. */
  | { readonly type: 'clear-filters' }
  | { readonly type: 'filters-rejected'; readonly error: ParamError }
  | { readonly type: 'restart' }
  | { readonly type: 'toggle-mark'; readonly id: number }
  /** Space: toggle the mark of the selected order, then move down one row. */
  | { readonly type: 'mark-and-move'; readonly ids: readonly number[] }
  /** Mark every order of the page; when all are marked already, unmark them. */
  | { readonly type: 'mark-page'; readonly ids: readonly number[] }
  /** V: open a range at the selection, or mark every order from the anchor to the selection. */
  | { readonly type: 'mark-range'; readonly ids: readonly number[] }
  | { readonly type: 'clear-marks' }
  | { readonly type: 'unmark'; readonly ids: readonly number[] }
  | { readonly type: 'set-mode'; readonly mode: ListMode }
  /** Opens quick find with `text` in it (a scan on the list offers to find its order). */
  | { readonly type: 'find-text'; readonly text: string };

/** The state a console starts with. */
export function initialListState(filters: ListFilters = {}, limit = DEFAULT_PAGE_SIZE, view: ListView | null = null): ListState {
  return {
    filters,
    limit,
    cursors: [null],
    pageIndex: 0,
    selectedId: null,
    selectedRow: 0,
    marked: [],
    rangeAnchor: null,
    mode: 'browse',
    findSeed: '',
    previous: null,
    rejected: null,
    viewName: view?.name ?? null,
    columns: view?.columns ?? null,
  };
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** The row index of the selection among the current page's `ids` (-1 when the page is empty). */
export function selectedIndex(state: ListState, ids: readonly number[]): number {
  if (ids.length === 0) return -1;
  const at = state.selectedId === null ? -1 : ids.indexOf(state.selectedId);
  return at >= 0 ? at : clamp(state.selectedRow, 0, ids.length - 1);
}

/** The selected order's id on the current page, if any. */
export function selectedOrderId(state: ListState, ids: readonly number[]): number | undefined {
  const at = selectedIndex(state, ids);
  return at < 0 ? undefined : ids[at];
}

/** The cursor of the page on screen (null for the first page). */
export function currentCursor(state: ListState): string | null {
  return state.cursors[state.pageIndex] ?? null;
}

function selectRow(state: ListState, ids: readonly number[], row: number): ListState {
  if (ids.length === 0) return state;
  const at = clamp(row, 0, ids.length - 1);
  return { ...state, selectedId: ids[at] ?? null, selectedRow: at };
}

const firstPage = (state: ListState): ListState => ({
  ...state,
  cursors: [null],
  pageIndex: 0,
  selectedId: null,
  selectedRow: 0,
});

/** `marked` with `ids` added (those not marked yet, in page order). */
function addMarks(marked: readonly number[], ids: readonly number[]): readonly number[] {
  const has = new Set(marked);
  return [...marked, ...ids.filter((id) => !has.has(id))];
}

/** The list screen's reducer. */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'move':
      return selectRow(state, action.ids, Math.max(0, selectedIndex(state, action.ids)) + action.by);
    case 'jump':
      return selectRow(state, action.ids, action.to === 'top' ? 0 : action.ids.length - 1);
    case 'select': {
      const at = action.ids.indexOf(action.id);
      return at < 0 ? state : selectRow(state, action.ids, at);
    }
    case 'pin': {
      if (action.ids.length === 0) return state;
      if (state.selectedId !== null && action.ids.includes(state.selectedId)) return state;
      return selectRow(state, action.ids, state.selectedRow);
    }
    case 'next-page':
      return {
        ...state,
        cursors: [...state.cursors.slice(0, state.pageIndex + 1), action.nextCursor],
        pageIndex: state.pageIndex + 1,
        selectedId: null,
        selectedRow: 0,
      };
    case 'prev-page':
      if (state.pageIndex === 0) return state;
      return { ...state, pageIndex: state.pageIndex - 1, selectedId: null, selectedRow: 0 };
    case 'apply-filters':
      return {
        ...firstPage(state),
        filters: action.filters,
        limit: action.limit,
        mode: 'browse',
        previous: { filters: state.filters, limit: state.limit },
        rejected: null,
        viewName: null,
      };
    case 'apply-view':
      return {
        ...listReducer(state, { type: 'apply-filters', filters: action.filters, limit: action.limit }),
        viewName: action.view.name,
        columns: action.view.columns,
      };
    case 'clear-filters':
      return { ...listReducer(state, { type: 'apply-filters', filters: {}, limit: state.limit }), columns: null };
    case 'filters-rejected': {
      const restored = state.previous ?? { filters: {}, limit: state.limit };
      return {
        ...firstPage(state),
        filters: restored.filters,
        limit: restored.limit,
        mode: 'filter',
        previous: null,
        rejected: { filters: state.filters, limit: state.limit, error: action.error },
      };
    }
    case 'restart':
      return firstPage(state);
    case 'toggle-mark':
      return {
        ...state,
        marked: state.marked.includes(action.id)
          ? state.marked.filter((id) => id !== action.id)
          : [...state.marked, action.id],
      };
    case 'mark-and-move': {
      const id = selectedOrderId(state, action.ids);
      if (id === undefined) return state;
      const marked = listReducer(state, { type: 'toggle-mark', id });
      return selectRow(marked, action.ids, selectedIndex(state, action.ids) + 1);
    }
    case 'mark-page': {
      const isAllMarked = action.ids.length > 0 && action.ids.every((id) => state.marked.includes(id));
      if (isAllMarked) return listReducer(state, { type: 'unmark', ids: action.ids });
      return { ...state, marked: addMarks(state.marked, action.ids) };
    }
    case 'mark-range': {
      const id = selectedOrderId(state, action.ids);
      if (id === undefined) return state;
      if (state.rangeAnchor === null) return { ...state, rangeAnchor: id };
      // An anchor left on another page counts from the top of this one.
      const from = Math.max(0, action.ids.indexOf(state.rangeAnchor));
      const to = selectedIndex(state, action.ids);
      const range = action.ids.slice(Math.min(from, to), Math.max(from, to) + 1);
      return { ...state, rangeAnchor: null, marked: addMarks(state.marked, range) };
    }
    case 'clear-marks':
      return { ...state, marked: [], rangeAnchor: null };
    case 'unmark': {
      const drop = new Set(action.ids);
      return { ...state, marked: state.marked.filter((id) => !drop.has(id)) };
    }
    case 'set-mode':
      return { ...state, mode: action.mode, findSeed: '', rejected: action.mode === 'browse' ? null : state.rejected };
    case 'find-text':
      return { ...state, mode: 'find', findSeed: action.text, rejected: null };
  }
}
