/**
 * Output of `show`: the order's facts, then its items (D4), through the exporter
 * (src/cli/output/): every string from the service scrubbed and sanitized; on a terminal
 * the items table is fitted to its width, piped nothing is cut.
 */
import type { ReturnItem, ReturnOrder } from '../../../api/schemas.js';
import { formatAge, formatLocalDateTime } from '../../../format/dates.js';
import { customerName, itemCounts, ITEMS_NOT_AVAILABLE } from '../../../format/order.js';
import { itemStatusPaint, orderStatusPaint } from '../../../format/status.js';
import type { Style } from '../../../format/style.js';
import type { Column, Output } from '../../output/index.js';

export interface ShowContext {
  readonly style: Style;
  readonly nowMs: number;
  readonly timeZone?: string;
}

interface ItemRow {
  readonly type: 'refund' | 'exchange';
  readonly item: ReturnItem;
  readonly currency: string;
}

function note(item: ReturnItem): string {
  if (item.reject_reason) return `rejected: ${item.reject_reason}`;
  if (item.exchange_for) {
    const sku = item.exchange_for.sku ? ` (${item.exchange_for.sku})` : '';
    return `for ${item.exchange_for.title}${sku}`;
  }
  return '';
}

function itemColumns(style: Style): Column<ItemRow>[] {
  return [
    { name: 'type', spec: { header: 'TYPE' }, value: (r) => r.type },
    { name: 'id', spec: { header: 'ID', align: 'right' }, value: (r) => String(r.item.id) },
    { name: 'status', spec: { header: 'STATUS' }, value: (r) => r.item.status, paint: (t, r) => itemStatusPaint(r.item.status, style)(t) },
    { name: 'quantity', spec: { header: 'QTY', align: 'right' }, value: (r) => String(r.item.quantity) },
    { name: 'price', spec: { header: 'PRICE', align: 'right' }, value: (r) => `${r.item.price} ${r.currency}` },
    { name: 'title', spec: { header: 'TITLE', isFlexible: true, minWidth: 10 }, value: (r) => r.item.title },
    { name: 'sku', spec: { header: 'SKU', isFlexible: true, dropPriority: 2 }, value: (r) => r.item.sku ?? '-' },
    { name: 'reason', spec: { header: 'REASON', isFlexible: true, dropPriority: 3 }, value: (r) => r.item.reason ?? '-' },
    { name: 'note', spec: { header: 'NOTE', isFlexible: true, minWidth: 10, dropPriority: 4 }, value: (r) => note(r.item) },
  ];
}

/** Writes the whole `show` text. */
export function writeOrder(order: ReturnOrder, output: Output, ctx: ShowContext): void {
  const { style } = ctx;
  const s = (text: string | null | undefined) => output.text(text ?? '');
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
  if (!counts) {
    output.write(`${[...lines, ITEMS_NOT_AVAILABLE].join('\n')}\n`);
    return;
  }
  lines.push(style.bold(`Items: ${counts.refunds} refund${counts.refunds === 1 ? '' : 's'}, ${counts.exchanges} exchange${counts.exchanges === 1 ? '' : 's'}, ${counts.pending} pending`));
  output.write(`${lines.join('\n')}\n`);
  const items = output.records('table', { columns: itemColumns(style), json: (r: ItemRow) => r.item });
  for (const item of order.refunds ?? []) items.push({ type: 'refund', item, currency: order.currency });
  for (const item of order.exchanges ?? []) items.push({ type: 'exchange', item, currency: order.currency });
  items.end();
}
