/**
 * Query options of the orders list (TanStack's queryOptions), keyed by query-keys.ts so
 * mutations can invalidate by prefix.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReturnsClient } from '../../api/client-types.js';
import type { ListFilters } from '../../api/list-params.js';
import { orderKeys } from './query-keys.js';

/**
 * One page of the list. Previous data stays on screen while the next page loads, so paging
 * never blanks the table. Pages are fresh for `staleMs` (the refresh interval), so paging
 * back is served from the cache.
 */
export function listPageQuery(
  client: ReturnsClient,
  filters: ListFilters,
  limit: number,
  cursor: string | null,
  staleMs: number,
) {
  return queryOptions({
    queryKey: orderKeys.page(filters, limit, cursor),
    queryFn: ({ signal }) => client.listPage({ filters, limit, ...(cursor !== null && { cursor }), signal }),
    placeholderData: keepPreviousData,
    staleTime: staleMs,
    retry: false,
  });
}
