/** Stored rows to the wire shape of a return order (section 2 fields plus D4 items). */
import type { ReturnItem, ReturnOrder } from '../api/schemas.js';

export interface OrderRow {
  readonly id: number;
  readonly shop_pk: number;
  readonly status: string;
  readonly cust_email: string;
  readonly cust_first_name: string;
  readonly cust_last_name: string;
  readonly currency: string;
  readonly order_id: string;
  readonly order_name: string;
  readonly submitted_s: number;
}

export interface ItemRow {
  readonly id: number;
  readonly order_id: number;
  readonly type: 'refund' | 'exchange';
  readonly status: string;
  readonly title: string;
  readonly sku: string | null;
  readonly quantity: number;
  readonly price: string;
  readonly reason: string | null;
  readonly reject_reason: string | null;
  readonly exchange_for_title: string | null;
  readonly exchange_for_sku: string | null;
}

/** Epoch seconds to `YYYY-MM-DDThh:mm:ssZ`. */
export function formatSubmittedAt(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19) + 'Z';
}

/** `YYYY-MM-DDThh:mm:ssZ` to epoch seconds. */
export function parseSubmittedAt(text: string): number {
  return Date.parse(text) / 1000;
}

function toItem(row: ItemRow): ReturnItem {
  const item: ReturnItem = {
    id: row.id,
    status: row.status as ReturnItem['status'],
    title: row.title,
    sku: row.sku,
    quantity: row.quantity,
    price: row.price,
    reason: row.reason,
    reject_reason: row.reject_reason,
  };
  if (row.type === 'exchange') {
    item.exchange_for =
      row.exchange_for_title === null ? null : { title: row.exchange_for_title, sku: row.exchange_for_sku };
  }
  return item;
}

/** One return order with its refunds and exchanges (items ordered by id). */
export function toReturnOrder(row: OrderRow, items: readonly ItemRow[]): ReturnOrder {
  return {
    id: row.id,
    cust_email: row.cust_email,
    cust_first_name: row.cust_first_name,
    cust_last_name: row.cust_last_name,
    status: row.status as ReturnOrder['status'],
    currency: row.currency,
    order_id: row.order_id,
    order_name: row.order_name,
    submitted_at: formatSubmittedAt(row.submitted_s),
    refunds: items.filter((i) => i.type === 'refund').map(toItem),
    exchanges: items.filter((i) => i.type === 'exchange').map(toItem),
  };
}
