import { describe, expect, it } from 'vitest';
import type { ReturnOrder } from '../../src/api/schemas.js';
import type { IndexRecord } from '../../src/local/search-index/index.js';
import { appReducer, initialAppState, topScreen } from '../../src/ui/app-state.js';
import { switchBlocker } from '../../src/ui/profiles/switch-blocker.js';
import { textAt } from '../../src/ui/components/text-edit.js';
import { parseFind } from '../../src/ops/order-refs.js';
import { findReducer, initialFindState } from '../../src/ui/screens/list/find-state.js';

const order = (id: number) => ({ id }) as ReturnOrder;

describe('quick find parsing', () => {
  it('tries digits as an id and as a name, with and without #', () => {
    expect(parseFind(' 1005 ')).toEqual({ ok: true, lookup: { ids: [1005], orderNames: ['1005', '#1005'] } });
    expect(parseFind('#N1005')).toEqual({ ok: true, lookup: { ids: [], orderNames: ['#N1005'] } });
    expect(parseFind('N1005')).toEqual({ ok: true, lookup: { ids: [], orderNames: ['N1005', '#N1005'] } });
  });

  it('refuses empty text and lists', () => {
    expect(parseFind('   ').ok).toBe(false);
    expect(parseFind('a,b').ok).toBe(false);
  });

  it('does not take 0 or huge numbers as ids', () => {
    expect(parseFind('0')).toMatchObject({ lookup: { ids: [] } });
    expect(parseFind('99999999999999999')).toMatchObject({ lookup: { ids: [] } });
  });
});

describe('quick find state', () => {
  it('says when nothing matched and keeps the text', () => {
    let s = findReducer(initialFindState, { type: 'edit', text: textAt('nope') });
    s = findReducer(findReducer(s, { type: 'search' }), { type: 'found', matches: [] });
    expect(s).toMatchObject({ phase: 'typing', message: 'No order has the name or id "nope".', text: { value: 'nope' } });
  });

  it('lets the user choose among several matches and go back to editing', () => {
    let s = findReducer(initialFindState, { type: 'found', matches: [order(2), order(1)] });
    expect(s.phase).toBe('choosing');
    s = findReducer(s, { type: 'move', by: 5 });
    expect(s.cursor).toBe(1);
    s = findReducer(s, { type: 'back-to-typing' });
    expect(s).toMatchObject({ phase: 'typing', matches: [] });
  });
});

describe('navigation', () => {
  it('stacks screens over the list and goes back down to it', () => {
    let s = appReducer(initialAppState(), { type: 'open-order', orderId: 7 });
    s = appReducer(s, { type: 'open-order', orderId: 7 }); // no duplicate
    s = appReducer(s, { type: 'open-log' });
    expect(s.stack.map((x) => x.kind)).toEqual(['list', 'order', 'log']);
    s = appReducer(appReducer(appReducer(s, { type: 'back' }), { type: 'back' }), { type: 'back' });
    expect(topScreen(s)).toEqual({ kind: 'list' });
  });

  it('help is an overlay: back closes it first', () => {
    let s = appReducer(appReducer(initialAppState(), { type: 'open-order', orderId: 1 }), { type: 'toggle-help' });
    s = appReducer(s, { type: 'back' });
    expect(s.isHelpOpen).toBe(false);
    expect(topScreen(s)).toEqual({ kind: 'order', orderId: 1 });
  });

  it('keeps one overview, on top, and the profile picker is an overlay closed by back', () => {
    let s = appReducer(initialAppState(), { type: 'open-overview' });
    s = appReducer(s, { type: 'open-order', orderId: 3 });
    s = appReducer(s, { type: 'open-overview' });
    expect(s.stack.map((x) => x.kind)).toEqual(['list', 'order', 'overview']);
    s = appReducer(s, { type: 'open-profiles' });
    expect(s.isProfilesOpen).toBe(true);
    s = appReducer(s, { type: 'back' });
    expect(s.isProfilesOpen).toBe(false);
    expect(topScreen(s)).toEqual({ kind: 'overview' });
    // The picker opens over the auth screen too (a profile whose key cannot be had).
    s = appReducer(s, { type: 'auth-failed', failure: { problem: 'missing', code: 'api_key_missing', message: 'm' } });
    expect(appReducer(s, { type: 'open-profiles' }).isProfilesOpen).toBe(true);
  });

  it('keeps the first authentication failure', () => {
    const first = { problem: 'rejected' as const, code: 'invalid_api_key', message: 'a' };
    let s = appReducer(initialAppState(), { type: 'auth-failed', failure: first });
    s = appReducer(s, { type: 'auth-failed', failure: { ...first, message: 'b' } });
    expect(s.auth).toEqual(first);
  });
});

describe('switching shops while the desk works', () => {
  it('is blocked by a bulk run in progress and by scan mode, not by a finished run', () => {
    const running = { phase: 'running' } as unknown as Parameters<typeof switchBlocker>[0];
    expect(switchBlocker(running, false)).toMatch(/^A bulk run is in progress/);
    expect(switchBlocker({ phase: 'idle' }, true)).toMatch(/^Scan mode is open/);
    expect(switchBlocker({ phase: 'idle' }, false)).toBeNull();
    const results = { phase: 'results' } as unknown as Parameters<typeof switchBlocker>[0];
    expect(switchBlocker(results, false)).toBeNull();
  });
});

describe('quick find with index matches', () => {
  const hit = (id: number) => ({ record: { id } as IndexRecord, tier: 1 });
  const found = (...idList: number[]) => ({ hits: idList.map(hit), total: idList.length, isCountCapped: false });

  it('chooses the best match for new text, and keeps the chosen one when the same text is searched again', () => {
    let s = findReducer(initialFindState, { type: 'edit', text: textAt('ro'), found: found(9, 8, 7) });
    s = findReducer(s, { type: 'move', by: 1 });
    expect(s.cursor).toBe(1);
    // The index changed under the same text: 8 stays chosen where it now is.
    s = findReducer(s, { type: 'edit', text: textAt('ro'), found: found(10, 9, 8) });
    expect(s.cursor).toBe(2);
    // More text: the best match is chosen.
    s = findReducer(s, { type: 'edit', text: textAt('rom'), found: found(8, 7) });
    expect(s.cursor).toBe(0);
  });
});
