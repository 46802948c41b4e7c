/**
 * Reading and writing return orders with prepared statements. Listing lives in
 * list-orders.ts; this file holds single-order access, page hydration and the writes
 * of review and receive (run by the handlers inside one BEGIN IMMEDIATE transaction).
 */
import type { Statement } from 'better-sqlite3';
import type { ReturnOrder } from '../../api/schemas.js';
import { toReturnOrder, type ItemRow, type OrderRow } from '../serialize.js';
import { DocCache } from './doc-cache.js';
import type { Db } from './open.js';

const COMMA = Buffer.from(',');

const ORDER_COLUMNS =
  'id, shop_pk, status, cust_email, cust_first_name, cust_last_name, currency, order_id, order_name, submitted_s';
const ITEM_COLUMNS =
  'id, order_id, type, status, title, sku, quantity, price, reason, reject_reason, exchange_for_title, exchange_for_sku';

export class OrderStore {
  private readonly visibleById: Statement<[number, number], OrderRow>;
  private readonly ordersByIds: Statement<[string], OrderRow>;
  private readonly itemsByOrders: Statement<[string], ItemRow>;
  private readonly itemsByOrder: Statement<[number], ItemRow>;
  private readonly setItem: Statement<[string, string | null, number, number]>;
  private readonly setStatus: Statement<[string, number, string]>;
  private readonly cache: DocCache;

  constructor(readonly db: Db) {
    this.visibleById = db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM return_orders WHERE id = ? AND shop_pk = ? AND status NOT IN ('draft', 'cancelled')`,
    );
    this.ordersByIds = db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM return_orders WHERE id IN (SELECT value FROM json_each(?))`,
    );
    this.itemsByOrders = db.prepare(
      `SELECT ${ITEM_COLUMNS} FROM return_items WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    );
    this.itemsByOrder = db.prepare(`SELECT ${ITEM_COLUMNS} FROM return_items WHERE order_id = ? ORDER BY id`);
    this.setItem = db.prepare(
      `UPDATE return_items SET status = ?, reject_reason = ? WHERE id = ? AND order_id = ? AND status = 'pending'`,
    );
    this.setStatus = db.prepare('UPDATE return_orders SET status = ? WHERE id = ? AND status = ?');
    this.cache = new DocCache(db);
  }

  /** The SQL of every statement, for query-plan checks (tests, benchmark notes). */
  statementSources(): Record<string, string> {
    return {
      visibleById: this.visibleById.source,
      ordersByIds: this.ordersByIds.source,
      itemsByOrders: this.itemsByOrders.source,
      itemsByOrder: this.itemsByOrder.source,
      setItem: this.setItem.source,
      setStatus: this.setStatus.source,
    };
  }

  /** The order if it exists, belongs to the shop and is not draft/cancelled. */
  findVisible(shopPk: number, id: number): OrderRow | undefined {
    return this.visibleById.get(id, shopPk);
  }

  itemsOf(orderId: number): ItemRow[] {
    return this.itemsByOrder.all(orderId);
  }

  /** Wire objects for `ids`, in the given order. */
  hydrate(ids: readonly number[]): ReturnOrder[] {
    if (ids.length === 0) return [];
    const json = JSON.stringify(ids);
    const rows = new Map(this.ordersByIds.all(json).map((r) => [r.id, r]));
    const items = new Map<number, ItemRow[]>();
    for (const item of this.itemsByOrders.all(json)) {
      const list = items.get(item.order_id);
      if (list) list.push(item);
      else items.set(item.order_id, [item]);
    }
    const out: ReturnOrder[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (row) out.push(toReturnOrder(row, items.get(id) ?? []));
    }
    return out;
  }

  /**
   * The UTF-8 JSON of the orders `ids`, comma-separated in the given order (the inside
   * of a page's `data` array), as buffers to send as they are. Ids that no longer exist
   * are skipped.
   */
  pageJson(ids: readonly number[]): Buffer[] {
    this.cache.revalidate();
    const docs = ids.map((id) => this.cache.get(id));
    const missing = ids.filter((_, i) => docs[i] === undefined);
    if (missing.length > 0) {
      const fresh = new Map(this.hydrate(missing).map((o) => [o.id, Buffer.from(JSON.stringify(o))]));
      for (const [id, doc] of fresh) this.cache.set(id, doc);
      ids.forEach((id, i) => {
        docs[i] ??= fresh.get(id);
      });
    }
    const out: Buffer[] = [];
    for (const doc of docs) {
      if (doc === undefined) continue;
      if (out.length > 0) out.push(COMMA);
      out.push(doc);
    }
    return out;
  }

  /** Sets a pending item's decision; false when it was not pending (should not happen in a transaction). */
  decideItem(orderId: number, itemId: number, status: string, rejectReason: string | null): boolean {
    this.cache.invalidate(orderId);
    return this.setItem.run(status, rejectReason, itemId, orderId).changes === 1;
  }

  /** Moves an order from `from` to `to`; false when it was not in `from`. */
  transition(orderId: number, from: string, to: string): boolean {
    this.cache.invalidate(orderId);
    return this.setStatus.run(to, orderId, from).changes === 1;
  }
}
