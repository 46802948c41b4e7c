/**
 * The first walk of the search index: every visible order, newest first, 100 a page, in the
 * background lane of the client (it yields to the console's own requests).
 *
 * Resuming after an interruption (a kill -9 included): each page is written in one
 * transaction with the walk's position (its cursor), so the index never holds a page the
 * position does not account for. A new run goes on from the saved cursor. The interface has
 * no "ids below X" filter, and cursors expire (D8: 15 minutes in the sandbox; the interface
 * does not say), so a cursor the service refuses starts the walk again from the top, under a
 * new walk number: the orders already indexed stay searchable meanwhile and are rewritten
 * only when they changed, and the orders the complete walk did not see (gone meanwhile) are
 * taken out at its end. A submitted_at bound would not do: nothing says ids and submission
 * times grow together.
 */
import type { ReturnsClient } from '../../api/client-types.js';
import { isApiError } from '../../api/client/errors.js';
import { MAX_PAGE_SIZE } from '../../api/schemas.js';
import type { SearchIndexStore } from '../../local/search-index/index.js';
import { recordOf } from './index-records.js';

/** The walk's saved position (meta `walk`). */
export interface WalkState {
  /** The walk's number: orders it sees are marked with it. */
  readonly walk: number;
  /** The next page's cursor, or null before the first page. */
  readonly cursor: string | null;
  /** The highest id of the walk's first page: the index is complete up to it when the walk ends. */
  readonly topId: number | null;
  /** The lowest id reached so far. */
  readonly lowestId: number | null;
  readonly seen: number;
  readonly startedAt: number;
}

/** What the last complete walk left (meta `complete`). */
export interface CompleteWalk {
  readonly walk: number;
  /** When it started: every order visible then and listed before it was indexed. */
  readonly startedAt: number;
  readonly endedAt: number;
}

/** A walk's progress for progress bars: orders so far, an estimate of all, pace and time left. */
export interface WalkProgress {
  readonly seen: number;
  /** Estimated from the ids: the share of the id range walked so far (ids grow with time). */
  readonly estimatedTotal: number | null;
  /** Orders per second over this run. */
  readonly perSecond: number;
  /** Estimated time left (ms), or null before there is a pace. */
  readonly leftMs: number | null;
}

export interface WalkContext {
  readonly store: SearchIndexStore;
  readonly client: ReturnsClient;
  readonly now: () => number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: WalkProgress) => void;
}

export const WALK_KEY = 'walk';
export const COMPLETE_KEY = 'complete';
/** The highest id up to which the index holds every visible order (meta `top_id`). */
export const TOP_ID_KEY = 'top_id';

/** The saved walk, or null. */
export function savedWalk(store: SearchIndexStore): WalkState | null {
  return (store.getMeta(WALK_KEY) as WalkState | undefined) ?? null;
}

export function completeWalk(store: SearchIndexStore): CompleteWalk | null {
  return (store.getMeta(COMPLETE_KEY) as CompleteWalk | undefined) ?? null;
}

/** A fresh walk, numbered after every walk before it. */
function newWalk(store: SearchIndexStore, now: number): WalkState {
  const last = Math.max(savedWalk(store)?.walk ?? 0, completeWalk(store)?.walk ?? 0);
  return { walk: last + 1, cursor: null, topId: null, lowestId: null, seen: 0, startedAt: now };
}

/** Starts a walk from the top (a first walk, or a later full one): saved before its first page. */
export function beginWalk(store: SearchIndexStore, now: number): WalkState {
  const state = newWalk(store, now);
  store.setMeta(WALK_KEY, state);
  return state;
}

/** The progress of `state`, `runSeen` of its orders read in this run since `runStartedAt`. */
export function walkProgress(state: WalkState, runSeen: number, runStartedAt: number, now: number): WalkProgress {
  const walked = state.topId !== null && state.lowestId !== null ? state.topId - state.lowestId + 1 : 0;
  const estimatedTotal = walked > 0 && state.lowestId !== null ? Math.round(state.seen + ((state.lowestId - 1) * state.seen) / walked) : null;
  const seconds = (now - runStartedAt) / 1000;
  const perSecond = seconds > 0.5 ? runSeen / seconds : 0;
  const left = estimatedTotal === null ? null : Math.max(0, estimatedTotal - state.seen);
  return { seen: state.seen, estimatedTotal, perSecond, leftMs: left !== null && perSecond > 0 ? (left / perSecond) * 1000 : null };
}

/** True for the service's refusal of a cursor (expired, or issued for other filters). */
function isRefusedCursor(error: unknown): boolean {
  return isApiError(error) && error.code === 'invalid_cursor_format';
}

/**
 * Walks (or goes on walking) every visible order into the index. Resolves when the walk is
 * complete; rejects with the client's error (the position stays saved) or when aborted.
 */
export async function runWalk(ctx: WalkContext): Promise<void> {
  const { store, client, now } = ctx;
  let state = savedWalk(store) ?? beginWalk(store, now());
  const runStartedAt = now();
  let runSeen = 0;
  for (;;) {
    let page;
    try {
      page = await client.listPage({ limit: MAX_PAGE_SIZE, ...(state.cursor !== null && { cursor: state.cursor }), lane: 'background', signal: ctx.signal });
    } catch (error) {
      if (state.cursor === null || !isRefusedCursor(error)) throw error;
      state = beginWalk(store, now());
      continue;
    }
    const at = now();
    const first = page.data[0]?.id ?? null;
    const last = page.data.at(-1)?.id ?? null;
    const next: WalkState = {
      ...state,
      cursor: page.has_more ? page.next_cursor : null,
      topId: state.topId ?? first,
      lowestId: last ?? state.lowestId,
      seen: state.seen + page.data.length,
    };
    store.atomically(() => {
      store.upsert(page.data.map(recordOf), state.walk, at);
      if (page.has_more) store.setMeta(WALK_KEY, next);
      else finishWalk(store, next, at);
    });
    state = next;
    runSeen += page.data.length;
    ctx.onProgress?.(walkProgress(state, runSeen, runStartedAt, now()));
    if (!page.has_more) return;
  }
}

/** The walk is complete: what it did not see is gone; the index is whole up to its top id. */
function finishWalk(store: SearchIndexStore, state: WalkState, at: number): void {
  store.remove(store.notSeenSince(state.walk));
  const complete: CompleteWalk = { walk: state.walk, startedAt: state.startedAt, endedAt: at };
  store.setMeta(COMPLETE_KEY, complete);
  store.setMeta(WALK_KEY, null);
  const known = (store.getMeta(TOP_ID_KEY) as number | undefined) ?? 0;
  store.setMeta(TOP_ID_KEY, Math.max(known, state.topId ?? 0));
}
