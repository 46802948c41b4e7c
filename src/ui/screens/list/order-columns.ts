/**
 * The orders list's columns: what each shows, in which order, and which drop first on a
 * narrow terminal. Every string from the service is sanitized here, before layout, so
 * escape sequences can neither reach the terminal nor break a column width.
 */
import type { ReturnOrder } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { formatAge, formatLocalDateTime, formatLocalShort } from '../../format/time.js';
import type { ColumnSpec } from '../../table/table-layout.js';

/** Counts of an order's items (D4); null when the service sends no item data. */
export interface ItemCounts {
  readonly refunds: number;
  readonly exchanges: number;
  readonly pending: number;
}

/** Item counts of an order, or null when it carries no `refunds`/`exchanges` (D4). */
export function itemCounts(order: ReturnOrder): ItemCounts | null {
  if (!order.refunds && !order.exchanges) return null;
  const refunds = order.refunds ?? [];
  const exchanges = order.exchanges ?? [];
  const pending = [...refunds, ...exchanges].filter((i) => i.status === 'pending').length;
  return { refunds: refunds.length, exchanges: exchanges.length, pending };
}

/** "1R 1E · 2 pending" and shorter forms; "n/a" without item data. */
export function itemsCell(order: ReturnOrder): readonly string[] {
  const c = itemCounts(order);
  if (!c) return ['n/a'];
  const counts = `${c.refunds}R ${c.exchanges}E`;
  return c.pending > 0 ? [`${counts} · ${c.pending} pending`, `${counts} ${c.pending}p`] : [counts];
}

/** Submitted time in local time with its age, longest form first. */
export function submittedCell(submittedAt: string, nowMs: number): readonly string[] {
  const ms = Date.parse(submittedAt);
  if (Number.isNaN(ms)) return [sanitizeForTerminal(submittedAt)];
  const age = formatAge(ms, nowMs);
  return [`${formatLocalDateTime(ms)} · ${age}`, `${formatLocalShort(ms)} · ${age}`, age];
}

/** The customer's full name, sanitized. */
export function customerName(order: ReturnOrder): string {
  return sanitizeForTerminal(`${order.cust_first_name} ${order.cust_last_name}`.trim());
}

/** The list's columns; `nowMs` gives the ages. */
export function orderColumns(nowMs: number): readonly ColumnSpec<ReturnOrder>[] {
  return [
    { key: 'id', header: 'ID', priority: 1, minWidth: 4, maxWidth: 16, align: 'right', cell: (o) => String(o.id) },
    { key: 'order', header: 'Order', priority: 1, minWidth: 8, maxWidth: 20, cell: (o) => sanitizeForTerminal(o.order_name) },
    // 14 columns keep every pair of statuses distinguishable when cut (pending_actio… / pending_payme…).
    { key: 'status', header: 'Status', priority: 1, minWidth: 14, maxWidth: 29, cell: (o) => sanitizeForTerminal(o.status) },
    { key: 'customer', header: 'Customer', priority: 3, minWidth: 10, maxWidth: 28, cell: customerName },
    { key: 'email', header: 'E-mail', priority: 5, minWidth: 16, maxWidth: 32, cell: (o) => sanitizeForTerminal(o.cust_email) },
    { key: 'submitted', header: 'Submitted', priority: 2, minWidth: 16, maxWidth: 24, cell: (o) => submittedCell(o.submitted_at, nowMs) },
    { key: 'items', header: 'Items', priority: 2, minWidth: 8, maxWidth: 20, cell: itemsCell },
    { key: 'currency', header: 'Cur', priority: 4, minWidth: 3, maxWidth: 4, cell: (o) => sanitizeForTerminal(o.currency) },
  ];
}
