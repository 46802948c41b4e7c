/**
 * React Query options for the order screen. One order is read through the list endpoint
 * (`GET /return_orders?ids=ID`, D3); null means it is gone. React Query never retries:
 * the client already retries what is worth retrying (429, 5xx, network).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ReturnsClient } from '../../../api/client-types.js';
import { orderKeys } from '../../queries/query-keys.js';

/** The query of one order. */
export function orderDetailQuery(client: ReturnsClient, orderId: number) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => client.getOrder(orderId, { signal }),
    retry: false,
  });
}
