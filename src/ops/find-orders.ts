/**
 * Finding an order by what a person typed or scanned: an order name or id, looked up
 * through the service's `order_names` and `ids` filters (not only among loaded rows).
 * Quick find and scan mode both look orders up here.
 */
import type { CallOptions, ReturnsClient } from '../api/client-types.js';
import type { ReturnOrder } from '../api/schemas.js';
import { MAX_PAGE_SIZE } from '../api/schemas.js';

/** What a typed query asks the service for. */
export interface FindLookup {
  readonly ids: readonly number[];
  readonly orderNames: readonly string[];
}

export type ParsedFind = { readonly ok: true; readonly lookup: FindLookup } | { readonly ok: false; readonly message: string };

/**
 * Reads what the user typed: digits are tried as an id and as an order name; a name is
 * tried as typed and with a leading "#" (order names usually carry one).
 */
export function parseFind(text: string): ParsedFind {
  const q = text.trim();
  if (q === '') return { ok: false, message: 'Type an order name (e.g. #N1001) or an order id, then Enter.' };
  if (q.includes(',')) return { ok: false, message: 'Quick find takes one order name or id (no commas).' };
  const ids = /^\d{1,16}$/.test(q) && Number.isSafeInteger(Number(q)) && Number(q) > 0 ? [Number(q)] : [];
  const orderNames = q.startsWith('#') ? [q] : [q, `#${q}`];
  return { ok: true, lookup: { ids, orderNames } };
}

/** The orders matching a lookup, newest first, each once (`call`: a signal, fewer retries). */
export async function findOrders(client: ReturnsClient, lookup: FindLookup, call: CallOptions = {}): Promise<ReturnOrder[]> {
  const requests = [
    client.listPage({ ...call, filters: { orderNames: lookup.orderNames }, limit: MAX_PAGE_SIZE }),
    ...(lookup.ids.length ? [client.listPage({ ...call, filters: { ids: lookup.ids }, limit: MAX_PAGE_SIZE })] : []),
  ];
  const pages = await Promise.all(requests);
  const byId = new Map<number, ReturnOrder>();
  for (const page of pages) for (const order of page.data) byId.set(order.id, order);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}
