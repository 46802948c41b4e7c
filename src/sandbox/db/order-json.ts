/**
 * The wire JSON of a return order, built by SQLite: the fields of interface section 2 in
 * its order, then `refunds` and `exchanges` (D4, items by id; `exchange_for` on exchanges
 * only). Building it in SQL is about twice as fast as reading rows into JavaScript objects
 * and serializing them, and it is the one place that defines the shape.
 *
 * The JSON is stored per order in `order_docs` (UTF-8 bytes as a BLOB), so a page reads
 * ready bytes by id instead of building 100 documents from ~250 item rows: written in bulk
 * after a load (REBUILD_ORDER_DOCS) and rewritten by triggers inside the very statement that
 * changes an order or one of its items, so it commits or rolls back with that change and is
 * never stale, whichever connection or process writes. Changing the shape here needs a new
 * migration (src/sandbox/db/schema.ts) that recreates the triggers and rebuilds the table.
 */
const item = (extra = '') =>
  `json_object('id', i.id, 'status', i.status, 'title', i.title, 'sku', i.sku, 'quantity', i.quantity,
    'price', i.price, 'reason', i.reason, 'reject_reason', i.reject_reason${extra})`;

const EXCHANGE_FOR = `, 'exchange_for', json(CASE WHEN i.exchange_for_title IS NULL THEN NULL
    ELSE json_object('title', i.exchange_for_title, 'sku', i.exchange_for_sku) END)`;

/**
 * An order's items as a JSON array. The caller wraps it in json(): a subquery's value may
 * lose its JSON subtype (SQLite 3.54.1, in Node 24.22, does), and json_object would then
 * store the array as a quoted string.
 */
const items = (type: 'refund' | 'exchange', json: string) =>
  `(SELECT coalesce(json_group_array(json(${json}) ORDER BY i.id), json_array())
    FROM return_items i WHERE i.order_id = o.id AND i.type = '${type}')`;

/** Selects `id` and `doc` (the order's JSON text) for rows `o` of return_orders. */
export const ORDER_DOC_SELECT = `SELECT o.id AS id, json_object(
  'id', o.id, 'cust_email', o.cust_email, 'cust_first_name', o.cust_first_name, 'cust_last_name', o.cust_last_name,
  'status', o.status, 'currency', o.currency, 'order_id', o.order_id, 'order_name', o.order_name,
  'submitted_at', strftime('%Y-%m-%dT%H:%M:%SZ', o.submitted_s, 'unixepoch'),
  'refunds', json(${items('refund', item())}),
  'exchanges', json(${items('exchange', item(EXCHANGE_FOR))})
) AS doc FROM return_orders o`;

/** Writes the stored JSON of the orders `o` that `where` selects. */
const writeDocs = (where: string) =>
  `INSERT OR REPLACE INTO order_docs (id, doc) SELECT id, CAST(doc AS BLOB) FROM (${ORDER_DOC_SELECT} ${where})`;

/** Stored JSON of every order, rebuilt from scratch (after a bulk load; needs idx_items_order). */
export const REBUILD_ORDER_DOCS = `DELETE FROM order_docs; ${writeDocs('ORDER BY o.id')};`;

/** The table and the triggers that keep it exact (the body of schema migration 2). */
export const ORDER_DOCS_SCHEMA = `
CREATE TABLE order_docs (id INTEGER PRIMARY KEY, doc BLOB NOT NULL);
CREATE TRIGGER order_docs_after_order_update AFTER UPDATE ON return_orders BEGIN
  ${writeDocs('WHERE o.id = NEW.id')};
END;
CREATE TRIGGER order_docs_after_item_update AFTER UPDATE ON return_items BEGIN
  ${writeDocs('WHERE o.id = NEW.order_id')};
END;
`;
