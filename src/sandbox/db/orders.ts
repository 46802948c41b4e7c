/**
 * Reading and writing return orders with prepared statements. Listing lives in
 * list-orders.ts; this file holds single-order access, the orders' stored wire JSON
 * (order_docs, kept exact by triggers, see order-json.ts; recently read ones cached, see
 * doc-cache.ts) and the writes of review and receive (run by the handlers inside one
 * BEGIN IMMEDIATE transaction).
 */
import type { ReturnOrder } from '../../api/schemas.js';
import type { ItemRow, OrderRow } from './rows.js';
import { DocCache, DOC_CACHE_CAPACITY } from './doc-cache.js';
import { asBuffer, type Db, type Statement } from './sqlite.js';

const ORDER_COLUMNS =
  'id, shop_pk, status, cust_email, cust_first_name, cust_last_name, currency, order_id, order_name, submitted_s';
const ITEM_COLUMNS =
  'id, order_id, type, status, title, sku, quantity, price, reason, reject_reason, exchange_for_title, exchange_for_sku';

export class OrderStore {
  private readonly visibleById: Statement;
  private readonly docById: Statement;
  private readonly docsByIds: Statement;
  private readonly cache: DocCache;
  private readonly itemsByOrder: Statement;
  private readonly setItem: Statement;
  private readonly setStatus: Statement;

  constructor(
    readonly db: Db,
    cacheCapacity = DOC_CACHE_CAPACITY,
  ) {
    this.cache = new DocCache(db, cacheCapacity);
    this.visibleById = db.prepare(
      `SELECT ${ORDER_COLUMNS} FROM return_orders WHERE id = ? AND shop_pk = ? AND status NOT IN ('draft', 'cancelled')`,
    );
    this.docById = db.prepare('SELECT doc FROM order_docs WHERE id = ?');
    this.docById.setReturnArrays(true);
    // The misses of a page in one buffer plus their ids and byte lengths, cut apart in
    // JS: a buffer per row costs more than the cutting.
    // A join with the ids rather than `id IN (...)`: SQLite seeks each id as it comes
    // instead of first sorting them into a temporary index.
    this.docsByIds = db.prepare(
      `SELECT CAST(group_concat(d.doc, '') AS BLOB), json_group_array(d.id), json_group_array(octet_length(d.doc))
       FROM json_each(?) CROSS JOIN order_docs d ON d.id = json_each.value`,
    );
    this.docsByIds.setReturnArrays(true);
    this.itemsByOrder = db.prepare(`SELECT ${ITEM_COLUMNS} FROM return_items WHERE order_id = ? ORDER BY id`);
    this.setItem = db.prepare(
      `UPDATE return_items SET status = ?, reject_reason = ? WHERE id = ? AND order_id = ? AND status = 'pending'`,
    );
    this.setStatus = db.prepare('UPDATE return_orders SET status = ? WHERE id = ? AND status = ?');
  }

  /** The SQL of every statement, for query-plan checks (tests, benchmark notes). */
  statementSources(): Record<string, string> {
    return {
      visibleById: this.visibleById.sourceSQL,
      docById: this.docById.sourceSQL,
      docsByIds: this.docsByIds.sourceSQL,
      itemsByOrder: this.itemsByOrder.sourceSQL,
      setItem: this.setItem.sourceSQL,
      setStatus: this.setStatus.sourceSQL,
    };
  }

  /** The order if it exists, belongs to the shop and is not draft/cancelled. */
  findVisible(shopPk: number, id: number): OrderRow | undefined {
    return this.visibleById.get(id, shopPk) as OrderRow | undefined;
  }

  itemsOf(orderId: number): ItemRow[] {
    return this.itemsByOrder.all(orderId) as unknown as ItemRow[];
  }

  /** Wire objects for `ids`, in the given order (ids that do not exist are skipped). */
  hydrate(ids: readonly number[]): ReturnOrder[] {
    return this.pageDocs(ids).map((doc) => JSON.parse(doc.toString('utf8')) as ReturnOrder);
  }

  /** The stored UTF-8 JSON of one order. */
  docOf(id: number): Buffer | undefined {
    this.cache.revalidate();
    const cached = this.cache.get(id);
    if (cached) return cached;
    const row = this.docById.get(id) as unknown as [Uint8Array] | undefined;
    if (!row) return undefined;
    const doc = asBuffer(row[0]);
    this.cache.set(id, doc);
    return doc;
  }

  /**
   * The UTF-8 JSON of the orders `ids` in the given order, one buffer each, ready to send
   * (from the cache, or read from SQLite in one statement for the misses: views into that
   * statement's one buffer, copied into the cache when read a second time, see
   * DocCache.admit). Ids that do not exist are skipped.
   */
  pageDocs(ids: readonly number[]): Buffer[] {
    this.cache.revalidate();
    const docs: (Buffer | undefined)[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const doc = this.cache.get(id);
      if (doc === undefined) missing.push(id);
      docs.push(doc);
    }
    if (missing.length === 0) return docs as Buffer[];
    const fresh = new Map<number, Buffer>();
    const [joined, idsJson, lengthsJson] = this.docsByIds.get(JSON.stringify(missing)) as unknown as [
      Uint8Array | null,
      string,
      string,
    ];
    if (joined) {
      const bytes = asBuffer(joined);
      const found = JSON.parse(idsJson) as number[];
      const lengths = JSON.parse(lengthsJson) as number[];
      let at = 0;
      for (let i = 0; i < found.length; i++) {
        fresh.set(found[i]!, this.cache.admit(found[i]!, bytes.subarray(at, at + lengths[i]!)));
        at += lengths[i]!;
      }
    }
    for (let i = 0; i < ids.length; i++) docs[i] ??= fresh.get(ids[i]!);
    return docs.filter((d): d is Buffer => d !== undefined);
  }

  /** Sets a pending item's decision; false when it was not pending (should not happen in a transaction). */
  decideItem(orderId: number, itemId: number, status: string, rejectReason: string | null): boolean {
    const changed = Number(this.setItem.run(status, rejectReason, itemId, orderId).changes) === 1;
    this.cache.invalidate(orderId);
    return changed;
  }

  /** Moves an order from `from` to `to`; false when it was not in `from`. */
  transition(orderId: number, from: string, to: string): boolean {
    const changed = Number(this.setStatus.run(to, orderId, from).changes) === 1;
    this.cache.invalidate(orderId);
    return changed;
  }
}
