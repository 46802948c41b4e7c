/**
 * Reading and writing return orders with prepared statements. Listing lives in
 * list-orders.ts; this file holds single-order access, the orders' stored wire JSON
 * (order_docs, kept exact by triggers, see order-json.ts) and the writes of review and
 * receive (run by the handlers inside one BEGIN IMMEDIATE transaction).
 */
import type { Statement } from 'better-sqlite3';
import type { ReturnOrder } from '../../api/schemas.js';
import type { ItemRow, OrderRow } from './rows.js';
import type { Db } from './open.js';

const ORDER_COLUMNS =
  'id, shop_pk, status, cust_email, cust_first_name, cust_last_name, currency, order_id, order_name, submitted_s';
const ITEM_COLUMNS =
  'id, order_id, type, status, title, sku, quantity, price, reason, reject_reason, exchange_for_title, exchange_for_sku';

export class OrderStore {
  private readonly visibleById: Statement<[number, number], OrderRow>;
  private readonly docById: Statement<[number], Buffer>;
  private readonly pageDocs: Statement<[string], Buffer | null>;
  private readonly itemsByOrder: Statement<[number], ItemRow>;
  private readonly setItem: Statement<[string, string | null, number, number]>;
  private readonly setStatus: Statement<[string, number, string]>;

  constructor(readonly db: Db) {
    this.visibleById = db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM return_orders WHERE id = ? AND shop_pk = ? AND status NOT IN ('draft', 'cancelled')`,
    );
    this.docById = db.prepare<[number], Buffer>('SELECT doc FROM order_docs WHERE id = ?').pluck();
    // One buffer for the whole page: SQLite joins the stored documents (measured about
    // 40% cheaper than a buffer per order). The group_concat runs over the ordered
    // subquery, newest first; test/sandbox/unit/order-json.test.ts checks the order.
    this.pageDocs = db
      .prepare<[string], Buffer | null>(
        `SELECT CAST(group_concat(doc, ',') AS BLOB) FROM
         (SELECT doc FROM order_docs WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id DESC)`,
      )
      .pluck();
    this.itemsByOrder = db.prepare(`SELECT ${ITEM_COLUMNS} FROM return_items WHERE order_id = ? ORDER BY id`);
    this.setItem = db.prepare(
      `UPDATE return_items SET status = ?, reject_reason = ? WHERE id = ? AND order_id = ? AND status = 'pending'`,
    );
    this.setStatus = db.prepare('UPDATE return_orders SET status = ? WHERE id = ? AND status = ?');
  }

  /** The SQL of every statement, for query-plan checks (tests, benchmark notes). */
  statementSources(): Record<string, string> {
    return {
      visibleById: this.visibleById.source,
      docById: this.docById.source,
      pageDocs: this.pageDocs.source,
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

  /** Wire objects for `ids`, in the given order (ids that do not exist are skipped). */
  hydrate(ids: readonly number[]): ReturnOrder[] {
    return ids.flatMap((id) => {
      const doc = this.docOf(id);
      return doc ? [JSON.parse(doc.toString('utf8')) as ReturnOrder] : [];
    });
  }

  /** The stored UTF-8 JSON of one order. */
  docOf(id: number): Buffer | undefined {
    return this.docById.get(id);
  }

  /**
   * The UTF-8 JSON of the orders `ids`, comma-separated, newest (highest id) first: the
   * inside of a page's `data` array, ready to send. Ids that do not exist are skipped.
   */
  pageJson(ids: readonly number[]): Buffer {
    if (ids.length === 0) return EMPTY;
    return this.pageDocs.get(JSON.stringify(ids)) ?? EMPTY;
  }

  /** Sets a pending item's decision; false when it was not pending (should not happen in a transaction). */
  decideItem(orderId: number, itemId: number, status: string, rejectReason: string | null): boolean {
    return this.setItem.run(status, rejectReason, itemId, orderId).changes === 1;
  }

  /** Moves an order from `from` to `to`; false when it was not in `from`. */
  transition(orderId: number, from: string, to: string): boolean {
    return this.setStatus.run(to, orderId, from).changes === 1;
  }
}

const EMPTY = Buffer.alloc(0);
