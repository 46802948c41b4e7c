/** The active filters in a few words, for the list header. Pure. */
import type { ListFilters } from '../../../api/list-params.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { typedNames } from '../../../ops/order-refs.js';

/** e.g. "status pending,reviewed · from 2026-11-01T00:00:00Z · ids 1001" or "all orders". */
export function describeFilters(filters: ListFilters): string {
  const parts: string[] = [];
  if (filters.statuses?.length) parts.push(`status ${filters.statuses.join(',')}`);
  if (filters.submittedAtMin) parts.push(`from ${filters.submittedAtMin}`);
  if (filters.submittedAtMax) parts.push(`to ${filters.submittedAtMax}`);
  if (filters.ids?.length) parts.push(`ids ${filters.ids.join(',')}`);
  if (filters.orderNames?.length) parts.push(`names ${typedNames(filters.orderNames).join(',')}`);
  return parts.length ? sanitizeForTerminal(parts.join(' · ')) : 'all orders';
}
