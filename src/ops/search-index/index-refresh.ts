/**
 * Keeping a walked index fresh through the interface alone, in the background lane:
 *
 * 1. New orders: ids only grow, so they are at the top of the newest-first list; pages are
 *    read from the top until one reaches an id the index was already whole up to.
 * 2. Orders in flight (every status but the settled ones) are read again by their ids, 100 a
 *    request, the longest unchecked first, up to IN_FLIGHT_PER_REFRESH of them: their new
 *    status is written, and those the service no longer lists (draft, cancelled, invisible)
 *    leave the index.
 * 3. A few settled orders (SETTLED_PER_REFRESH) the same way, the longest unchecked first, so
 *    over time every order is checked again.
 */
import type { ReturnsClient } from '../../api/client-types.js';
import { MAX_PAGE_SIZE } from '../../api/schemas.js';
import type { SearchIndexStore } from '../../local/search-index/index.js';
import { recordOf } from './index-records.js';
import { TOP_ID_KEY } from './index-walk.js';

/** Orders in flight read again per refresh (20 requests); more are taken in turns. */
export const IN_FLIGHT_PER_REFRESH = 2_000;
/** Settled orders read again per refresh (one request). */
export const SETTLED_PER_REFRESH = 100;
/** A safety bound on the pages of new orders one refresh reads (a walk does the rest). */
export const NEW_PAGES_PER_REFRESH = 200;

export interface RefreshContext {
  readonly store: SearchIndexStore;
  readonly client: ReturnsClient;
  readonly now: () => number;
  readonly signal?: AbortSignal;
}

/** What a refresh changed, for tests and notes. */
export interface RefreshReport {
  readonly added: number;
  readonly checked: number;
  readonly removed: number;
}

/** Reads the orders newer than the index's top id into it; returns how many were new. */
async function readNewOrders(ctx: RefreshContext): Promise<number> {
  const { store, client } = ctx;
  const known = (store.getMeta(TOP_ID_KEY) as number | undefined) ?? 0;
  let cursor: string | undefined;
  let top: number | null = null;
  let added = 0;
  for (let pages = 0; pages < NEW_PAGES_PER_REFRESH; pages++) {
    const page = await client.listPage({ limit: MAX_PAGE_SIZE, ...(cursor !== undefined && { cursor }), lane: 'background', signal: ctx.signal });
    top ??= page.data[0]?.id ?? known;
    const fresh = page.data.filter((o) => o.id > known);
    const isDone = !page.has_more || page.next_cursor === null || fresh.length < page.data.length;
    store.atomically(() => {
      store.upsert(page.data.map(recordOf), 0, ctx.now());
      // The top id moves only once every newer order is in: an interrupted refresh starts again.
      if (isDone) store.setMeta(TOP_ID_KEY, Math.max(known, top ?? known));
    });
    added += fresh.length;
    if (isDone) return added;
    cursor = page.next_cursor!;
  }
  return added;
}

/** Reads `ids` again (100 a request): writes the ones listed, removes the ones no longer listed. */
async function recheck(ctx: RefreshContext, ids: readonly number[]): Promise<{ checked: number; removed: number }> {
  let checked = 0;
  let removed = 0;
  for (let at = 0; at < ids.length; at += MAX_PAGE_SIZE) {
    const chunk = ids.slice(at, at + MAX_PAGE_SIZE);
    const page = await ctx.client.listPage({ filters: { ids: chunk }, limit: MAX_PAGE_SIZE, lane: 'background', signal: ctx.signal });
    const listed = new Set(page.data.map((o) => o.id));
    const gone = chunk.filter((id) => !listed.has(id));
    ctx.store.atomically(() => {
      ctx.store.upsert(page.data.filter((o) => chunk.includes(o.id)).map(recordOf), 0, ctx.now());
      ctx.store.remove(gone);
    });
    checked += chunk.length;
    removed += gone.length;
  }
  return { checked, removed };
}

/** One refresh of a walked index (see the module comment). */
export async function refreshWalkedIndex(ctx: RefreshContext): Promise<RefreshReport> {
  // Orders read by this refresh (the new ones) are not read twice.
  const startedAt = ctx.now();
  const added = await readNewOrders(ctx);
  const inFlight = await recheck(ctx, ctx.store.longestUnchecked(false, startedAt, IN_FLIGHT_PER_REFRESH));
  const settled = await recheck(ctx, ctx.store.longestUnchecked(true, startedAt, SETTLED_PER_REFRESH));
  return { added, checked: inFlight.checked + settled.checked, removed: inFlight.removed + settled.removed };
}
