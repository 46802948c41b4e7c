/**
 * Reading and writing return orders with prepared statements. Listing lives in
 * list-orders.ts; this file holds single-order access, the orders' wire JSON (built by
 * SQLite, see order-json.ts, and cached) and the writes of review and receive (run by
 * the handlers inside one BEGIN IMMEDIATE transaction).
 */
import type { Statement } from 'better-sqlite3';
import type { ReturnOrder } from '../../api/schemas.js';
import type { ItemRow, OrderRow } from './rows.js';
import { DocCache } from './doc-cache.js';
import { ORDER_DOC_SELECT } from './order-json.js';
import type { Db } from './open.js';

const COMMA = Buffer.from(',');

const ORDER_COLUMNS =
  'id, shop_pk, status, cust_email, cust_first_name, cust_last_name, currency, order_id, order_name, submitted_s';
const ITEM_COLUMNS =
  'id, order_id, type, status, title, sku, quantity, price, reason, reject_reason, exchange_for_title, exchange_for_sku';

export class OrderStore {
  private readonly visibleById: Statement<[number, number], OrderRow>;
  private readonly docsByIds: Statement<[string], [number, string]>;
  private readonly itemsByOrder: Statement<[number], ItemRow>;
  private readonly setItem: Statement<[string, string | null, number, number]>;
  private readonly setStatus: Statement<[string, number, string]>;
  private readonly cache: DocCache;

  constructor(readonly db: Db) {
    this.visibleById = db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM return_orders WHERE id = ? AND shop_pk = ? AND status NOT IN ('draft', 'cancelled')`,
    );
    this.docsByIds = db
      .prepare<[string], [number, string]>(`${ORDER_DOC_SELECT} WHERE o.id IN (SELECT value FROM json_each(?))`)
      .raw();
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
      docsByIds: this.docsByIds.source,
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
    return this.docs(ids).map((doc) => JSON.parse(doc.toString('utf8')) as ReturnOrder);
  }

  /** The UTF-8 JSON of one order, fresh or cached. */
  docOf(id: number): Buffer | undefined {
    return this.docs([id])[0];
  }

  /**
   * The UTF-8 JSON of the orders `ids`, comma-separated in the given order (the inside
   * of a page's `data` array), as buffers to send as they are. Ids that no longer exist
   * are skipped.
   */
  pageJson(ids: readonly number[]): Buffer[] {
    const out: Buffer[] = [];
    for (const doc of this.docs(ids)) {
      if (out.length > 0) out.push(COMMA);
      out.push(doc);
    }
    return out;
  }

  /** The orders' JSON in the given order, from the cache or built by SQLite for the misses. */
  private docs(ids: readonly number[]): Buffer[] {
    this.cache.revalidate();
    const docs = ids.map((id) => this.cache.get(id));
    const missing = ids.filter((_, i) => docs[i] === undefined);
    if (missing.length > 0) {
      const fresh = new Map<number, Buffer>();
      for (const [id, text] of this.docsByIds.all(JSON.stringify(missing))) {
        const doc = Buffer.from(text);
        fresh.set(id, doc);
        this.cache.set(id, doc);
      }
      ids.forEach((id, i) => {
        docs[i] ??= fresh.get(id);
      });
    }
    return docs.filter((d): d is Buffer => d !== undefined);
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
