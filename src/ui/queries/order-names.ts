/**
 * Order names and statuses the console already has (list pages, quick finds, order screens), by id,
 * read from the cache through the key factory: each key prefix holds one known shape.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { OrderStatus, Page, ReturnOrder } from '../../api/schemas.js';
import { orderKeys } from './query-keys.js';

/** Calls `visit` with every order in the cache (an order in several entries once per entry). */
function eachKnownOrder(queryClient: QueryClient, visit: (order: ReturnOrder) => void): void {
  const add = (order: ReturnOrder | null | undefined) => {
    if (order) visit(order);
  };
  for (const [, page] of queryClient.getQueriesData<Page>({ queryKey: orderKeys.lists() })) page?.data.forEach(add);
  for (const [, found] of queryClient.getQueriesData<ReturnOrder[]>({ queryKey: orderKeys.finds() })) found?.forEach(add);
  for (const [, order] of queryClient.getQueriesData<ReturnOrder | null>({ queryKey: orderKeys.details() })) add(order);
}

/** The names of the orders in the cache, by id. */
export function knownOrderNames(queryClient: QueryClient): Map<number, string> {
  const names = new Map<number, string>();
  eachKnownOrder(queryClient, (order) => names.set(order.id, order.order_name));
  return names;
}

/** The statuses of the orders in the cache, by id (as sent: possibly one this version does not know). */
export function knownOrderStatuses(queryClient: QueryClient): Map<number, OrderStatus> {
  const statuses = new Map<number, OrderStatus>();
  eachKnownOrder(queryClient, (order) => statuses.set(order.id, order.status));
  return statuses;
}
