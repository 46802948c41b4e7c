/**
 * Query options of the orders list (TanStack's queryOptions), keyed by query-keys.ts so
 * mutations can invalidate by prefix.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReturnsClient } from '../../api/client-types.js';
import type { ListFilters } from '../../api/list-params.js';
import { orderKeys } from './query-keys.js';

/** Default freshness of a page when auto-refresh is off. */
const DEFAULT_STALE_MS = 30_000;

/** How long a page stays fresh: the profile's refresh interval, or 30 s when that is off. */
export function listStaleMs(refreshIntervalMs: number): number {
  return refreshIntervalMs > 0 ? refreshIntervalMs : DEFAULT_STALE_MS;
}

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
