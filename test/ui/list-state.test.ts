import { describe, expect, it } from 'vitest';
import {
  currentCursor,
  initialListState,
  listReducer,
  selectedIndex,
  selectedOrderId,
  type ListAction,
  type ListState,
} from '../../src/ui/screens/list/list-state.js';

const run = (state: ListState, ...actions: ListAction[]) => actions.reduce(listReducer, state);
const PAGE1 = [30, 29, 28, 27];
const PAGE2 = [26, 25, 24];

describe('list state', () => {
  it('starts on page 1 with the first row selected', () => {
    const s = initialListState({ statuses: ['pending'] }, 20);
    expect(s.limit).toBe(20);
    expect(currentCursor(s)).toBeNull();
    expect(selectedOrderId(s, PAGE1)).toBe(30);
    expect(selectedIndex(s, [])).toBe(-1);
  });

  it('moves by rows, clamped, and jumps to the ends', () => {
    const s = initialListState();
    expect(selectedOrderId(run(s, { type: 'move', by: 2, ids: PAGE1 }), PAGE1)).toBe(28);
    expect(selectedOrderId(run(s, { type: 'move', by: 99, ids: PAGE1 }), PAGE1)).toBe(27);
    expect(selectedOrderId(run(s, { type: 'move', by: -5, ids: PAGE1 }), PAGE1)).toBe(30);
    expect(selectedOrderId(run(s, { type: 'jump', to: 'bottom', ids: PAGE1 }), PAGE1)).toBe(27);
  });

  it('follows the order id when rows move, and keeps the row when the order vanishes', () => {
    const s = run(initialListState(), { type: 'move', by: 2, ids: PAGE1 }); // 28 selected
    expect(selectedOrderId(s, [31, 30, 29, 28, 27])).toBe(28); // a new order on top
    expect(selectedOrderId(s, [30, 29, 27])).toBe(27); // 28 gone: row 2 stays
  });

  it('pins the selection on an id, unless a key already chose one', () => {
    const pinned = run(initialListState(), { type: 'pin', ids: PAGE1 });
    expect(pinned.selectedId).toBe(30);
    const moved = run(initialListState(), { type: 'move', by: 1, ids: PAGE1 }, { type: 'pin', ids: PAGE1 });
    expect(moved.selectedId).toBe(29);
  });

  it('keeps a stack of cursors: next pushes, previous goes back, next again replaces the tail', () => {
    let s = run(initialListState(), { type: 'next-page', nextCursor: 'c2' }, { type: 'next-page', nextCursor: 'c3' });
    expect(s.pageIndex).toBe(2);
    expect(currentCursor(s)).toBe('c3');
    s = run(s, { type: 'prev-page' });
    expect(currentCursor(s)).toBe('c2');
    expect(s.cursors).toEqual([null, 'c2', 'c3']);
    s = run(s, { type: 'next-page', nextCursor: 'c3-fresh' });
    expect(s.cursors).toEqual([null, 'c2', 'c3-fresh']);
    expect(run(initialListState(), { type: 'prev-page' }).pageIndex).toBe(0);
  });

  it('resets the selection on a page change', () => {
    const s = run(initialListState(), { type: 'move', by: 3, ids: PAGE1 }, { type: 'next-page', nextCursor: 'c2' });
    expect(selectedOrderId(s, PAGE2)).toBe(26);
  });

  it('restarts from page 1 (expired cursor) keeping filters and marks', () => {
    const s = run(
      initialListState({ statuses: ['reviewed'] }),
      { type: 'toggle-mark', id: 30 },
      { type: 'next-page', nextCursor: 'c2' },
      { type: 'restart' },
    );
    expect(s.pageIndex).toBe(0);
    expect(s.cursors).toEqual([null]);
    expect(s.filters).toEqual({ statuses: ['reviewed'] });
    expect(s.marked).toEqual([30]);
  });

  it('keeps marks across pages, filters and refreshes; toggles and unmarks', () => {
    const s = run(
      initialListState(),
      { type: 'toggle-mark', id: 30 },
      { type: 'next-page', nextCursor: 'c2' },
      { type: 'toggle-mark', id: 25 },
      { type: 'apply-filters', filters: { statuses: ['pending'] }, limit: 10 },
    );
    expect(s.marked).toEqual([30, 25]);
    expect(run(s, { type: 'toggle-mark', id: 30 }).marked).toEqual([25]);
    expect(run(s, { type: 'unmark', ids: [25, 99] }).marked).toEqual([30]);
  });

  it('a filter change starts from page 1 and remembers the previous filters', () => {
    const s = run(
      initialListState({ ids: [1] }, 50),
      { type: 'next-page', nextCursor: 'c2' },
      { type: 'set-mode', mode: 'filter' },
      { type: 'apply-filters', filters: { statuses: ['pending'] }, limit: 10 },
    );
    expect(s).toMatchObject({ pageIndex: 0, cursors: [null], mode: 'browse', limit: 10, previous: { filters: { ids: [1] }, limit: 50 } });
  });

  it('filters refused by the service go back to the panel with the error, the previous ones restored', () => {
    const error = { code: 'invalid_status_value' as const, param: 'statuses', message: 'unknown status' };
    const s = run(
      initialListState({ ids: [1] }, 50),
      { type: 'apply-filters', filters: { statuses: ['pending'] }, limit: 10 },
      { type: 'filters-rejected', error },
    );
    expect(s.filters).toEqual({ ids: [1] });
    expect(s.limit).toBe(50);
    expect(s.mode).toBe('filter');
    expect(s.rejected).toEqual({ filters: { statuses: ['pending'] }, limit: 10, error });
    expect(run(s, { type: 'set-mode', mode: 'browse' }).rejected).toBeNull();
  });
});
