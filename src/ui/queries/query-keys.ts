/**
 * Every React Query key of the console comes from this factory (TanStack Query guides),
 * so mutations can invalidate by prefix: `orderKeys.all` after any write, `orderKeys.lists()`
 * after a filter change, `orderKeys.detail(id)` for one order.
 */
import { normalizeFilters, type ListFilters } from '../../api/list-params.js';

export const orderKeys = {
  /** Everything about return orders of the current profile. */
  all: ['return-orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  /** One page of one filter set; `cursor` null is the first page. */
  page: (filters: ListFilters, limit: number, cursor: string | null) =>
    [...orderKeys.lists(), normalizeFilters(filters), limit, cursor] as const,
  /** Quick find lookups (order name or id). */
  finds: () => [...orderKeys.all, 'find'] as const,
  find: (query: string) => [...orderKeys.finds(), query] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
};

/** The overview's figures of one profile, per cap (its own cache per profile as well). */
export const overviewKeys = {
  all: ['overview'] as const,
  figures: (profile: string, cap: number) => [...overviewKeys.all, profile, cap] as const,
};
