/**
 * Output of `show`: the order's facts, then its items (D4). Every string from the service
 * is sanitized; on a terminal the items table is fitted to its width, piped nothing is cut.
 */
import type { ReturnItem, ReturnOrder } from '../../../api/schemas.js';
import { formatAge, formatLocalDateTime } from '../../../format/dates.js';
import { customerName, itemCounts, ITEMS_NOT_AVAILABLE } from '../../../format/order.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { itemStatusPaint, orderStatusPaint } from '../../../format/status.js';
import type { Style } from '../../../format/style.js';
import { renderTable, type ColumnSpec } from '../../../format/table.js';

export interface ShowContext {
  readonly style: Style;
  readonly nowMs: number;
  readonly timeZone?: string;
  /** Terminal width, or Infinity when piped (nothing cut). */
  readonly width: number;
}

const s = (text: string | null | undefined) => sanitizeForTerminal(text ?? '');

const ITEM_COLUMNS: readonly ColumnSpec[] = [
  { header: 'TYPE' },
  { header: 'ID', align: 'right' },
  { header: 'STATUS' },
  { header: 'QTY', align: 'right' },
  { header: 'PRICE', align: 'right' },
  { header: 'TITLE', isFlexible: true, minWidth: 10 },
  { header: 'SKU', isFlexible: true, dropPriority: 2 },
  { header: 'REASON', isFlexible: true, dropPriority: 3 },
  { header: 'NOTE', isFlexible: true, minWidth: 10, dropPriority: 4 },
];

function note(item: ReturnItem): string {
  if (item.reject_reason) return `rejected: ${item.reject_reason}`;
  if (item.exchange_for) {
    const sku = item.exchange_for.sku ? ` (${item.exchange_for.sku})` : '';
    return `for ${item.exchange_for.title}${sku}`;
  }
  return '';
}

function itemRow(type: 'refund' | 'exchange', item: ReturnItem, currency: string): DisplayText[] {
  return [
    type,
    String(item.id),
    item.status,
    String(item.quantity),
    `${item.price} ${currency}`,
    item.title,
    item.sku ?? '-',
    item.reason ?? '-',
    note(item),
  ].map((c) => s(c));
}

/** The whole `show` text. */
export function renderOrder(order: ReturnOrder, ctx: ShowContext): string {
  const { style } = ctx;
  const age = formatAge(order.submitted_at, ctx.nowMs);
  const lines = [
    `${style.bold(`Return order ${order.id}`)} · ${s(order.order_name)} · ${orderStatusPaint(order.status, style)(s(order.status))}`,
    `Customer   ${s(customerName(order))} <${s(order.cust_email)}>`,
    `Submitted  ${s(formatLocalDateTime(order.submitted_at, ctx.timeZone))}${age ? ` (${age} ago)` : ''}`,
    `Order      ${s(order.order_id)}`,
    `Currency   ${s(order.currency)}`,
    '',
  ];
  const counts = itemCounts(order);
  if (!counts) return `${[...lines, ITEMS_NOT_AVAILABLE].join('\n')}\n`;
  lines.push(style.bold(`Items: ${counts.refunds} refund${counts.refunds === 1 ? '' : 's'}, ${counts.exchanges} exchange${counts.exchanges === 1 ? '' : 's'}, ${counts.pending} pending`));
  const items = [
    ...(order.refunds ?? []).map((i) => ({ type: 'refund' as const, item: i })),
    ...(order.exchanges ?? []).map((i) => ({ type: 'exchange' as const, item: i })),
  ];
  if (items.length > 0) {
    const table = renderTable({
      columns: ITEM_COLUMNS,
      rows: items.map(({ type, item }) => itemRow(type, item, order.currency)),
      maxWidth: ctx.width,
      paintHeader: (t) => style.dim(t),
      paintCell: (t, column, row) => (column === 2 ? itemStatusPaint(items[row]!.item.status, style)(t) : t),
    });
    lines.push(...table);
  }
  return `${lines.join('\n')}\n`;
}
