/**
 * Derived, display-only facts about a return order (customer name, item counts), shared by
 * the commands and the console. Inputs are orders as the service sent them; the results
 * are not yet sanitized (callers sanitize at the terminal edge).
 */
import type { ReturnItem, ReturnOrder } from '../api/schemas.js';

/** "First Last" (either part may be empty). */
export function customerName(order: Pick<ReturnOrder, 'cust_first_name' | 'cust_last_name'>): string {
  return [order.cust_first_name, order.cust_last_name].filter((p) => p !== '').join(' ');
}

export interface ItemCounts {
  readonly refunds: number;
  readonly exchanges: number;
  readonly pending: number;
}

/** Counts of the order's items (D4), or null when the service sent no item arrays. */
export function itemCounts(order: Pick<ReturnOrder, 'refunds' | 'exchanges'>): ItemCounts | null {
  if (order.refunds === undefined && order.exchanges === undefined) return null;
  const refunds = order.refunds ?? [];
  const exchanges = order.exchanges ?? [];
  const isPending = (i: ReturnItem) => i.status === 'pending';
  return {
    refunds: refunds.length,
    exchanges: exchanges.length,
    pending: refunds.filter(isPending).length + exchanges.filter(isPending).length,
  };
}

/** "1R 1E · 2 pending", "1R 0E", or "n/a" when item details are not available. */
export function itemsSummary(order: Pick<ReturnOrder, 'refunds' | 'exchanges'>): string {
  const c = itemCounts(order);
  if (!c) return 'n/a';
  const base = `${c.refunds}R ${c.exchanges}E`;
  return c.pending > 0 ? `${base} · ${c.pending} pending` : base;
}

/** Shown wherever item details are needed but the service sent no `refunds`/`exchanges` (D4). */
export const ITEMS_NOT_AVAILABLE = 'Item details are not available from this service.';
