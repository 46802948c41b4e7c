/**
 * Search results as the service has them now: the index is a cache, so what a search found
 * is read again by ids (100 a request) before it is shown or acted on, in the search's order.
 */
import type { ReturnsClient } from '../../api/client-types.js';
import { MAX_PAGE_SIZE, type ReturnOrder } from '../../api/schemas.js';

export interface CurrentOrders {
  /** The orders still listed, in the order of the ids asked for. */
  readonly orders: readonly ReturnOrder[];
  /** Ids the service no longer lists (draft, cancelled, invisible). */
  readonly gone: readonly number[];
}

/** Reads `ids` from the service. */
export async function readCurrentOrders(client: ReturnsClient, ids: readonly number[], signal?: AbortSignal): Promise<CurrentOrders> {
  const byId = new Map<number, ReturnOrder>();
  for (let at = 0; at < ids.length; at += MAX_PAGE_SIZE) {
    const chunk = ids.slice(at, at + MAX_PAGE_SIZE);
    const page = await client.listPage({ filters: { ids: chunk }, limit: MAX_PAGE_SIZE, signal });
    for (const order of page.data) byId.set(order.id, order);
  }
  return {
    orders: ids.flatMap((id) => byId.get(id) ?? []),
    gone: ids.filter((id) => !byId.has(id)),
  };
}
