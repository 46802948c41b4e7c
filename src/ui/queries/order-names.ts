/**
 * Order names the console already has (list pages, quick finds, order screens), by id,
 * read from the cache through the key factory: each key prefix holds one known shape.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Page, ReturnOrder } from '../../api/schemas.js';
import { orderKeys } from './query-keys.js';

/** The names of the orders in the cache, by id. */
export function knownOrderNames(queryClient: QueryClient): Map<number, string> {
  const names = new Map<number, string>();
  const add = (order: ReturnOrder | null | undefined) => {
    if (order) names.set(order.id, order.order_name);
  };
  for (const [, page] of queryClient.getQueriesData<Page>({ queryKey: orderKeys.lists() })) page?.data.forEach(add);
  for (const [, found] of queryClient.getQueriesData<ReturnOrder[]>({ queryKey: orderKeys.finds() })) found?.forEach(add);
  for (const [, order] of queryClient.getQueriesData<ReturnOrder | null>({ queryKey: orderKeys.details() })) add(order);
  return names;
}
