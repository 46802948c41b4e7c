/** The query of quick find (the lookup itself is src/ops/order-refs.ts, shared with scan mode). */
import { queryOptions } from '@tanstack/react-query';
import type { ReturnsClient } from '../../api/client-types.js';
import { findOrders, type FindLookup } from '../../ops/order-refs.js';
import { orderKeys } from './query-keys.js';

/** Query options of one quick find (never served stale: the answer decides what opens). */
export function findOrdersQuery(client: ReturnsClient, text: string, lookup: FindLookup) {
  return queryOptions({
    queryKey: orderKeys.find(text.trim()),
    queryFn: ({ signal }) => findOrders(client, lookup, { signal }),
    staleTime: 0,
    retry: false,
  });
}
